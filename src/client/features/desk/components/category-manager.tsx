import { useState } from 'react';
import { useFetcher } from 'react-router';
import { CATEGORY_NAME_MAX } from '../../../../common/constants.ts';
import { tPages } from '../../../lib/page-texts.ts';

export interface CategoryOptionRow {
  name: string;
  nameBn: string;
}

/** The two names of a category, as the add and rename forms take them. */
function NameFields({ initial }: { initial?: CategoryOptionRow }) {
  return (
    <>
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-sm font-medium">{tPages.deskTexts.categoryName}</span>
        <input
          name="name"
          required
          maxLength={CATEGORY_NAME_MAX}
          defaultValue={initial?.name}
          className="input w-full"
        />
      </label>
      <label className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-sm font-medium">{tPages.deskTexts.categoryNameBn}</span>
        <input
          name="nameBn"
          lang="bn"
          required
          maxLength={CATEGORY_NAME_MAX}
          defaultValue={initial?.nameBn}
          className="input w-full"
        />
      </label>
    </>
  );
}

/** One category: its names, and Rename (the names become a form) and Remove. */
function CategoryRow({ category }: { category: CategoryOptionRow }) {
  const fetcher = useFetcher();
  const [renaming, setRenaming] = useState(false);
  const busy = fetcher.state !== 'idle';
  if (renaming) {
    return (
      <li className="rounded-box bg-base-200 p-3">
        <fetcher.Form
          method="post"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={() => setRenaming(false)}
        >
          <input type="hidden" name="intent" value="renameCategory" />
          <input type="hidden" name="from" value={category.name} />
          <NameFields initial={category} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {tPages.deskTexts.saveCategory}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRenaming(false)}>
              {tPages.deskTexts.cancelRename}
            </button>
          </div>
        </fetcher.Form>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-box bg-base-200 p-3">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold break-words">{category.name}</span>
        <span lang="bn" className="break-words text-base-content/80">
          {category.nameBn}
        </span>
      </div>
      <button
        type="button"
        className="btn btn-sm"
        aria-label={tPages.deskTexts.renameCategoryLabel(category.name)}
        onClick={() => setRenaming(true)}
      >
        {tPages.deskTexts.renameCategory}
      </button>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="removeCategory" />
        <input type="hidden" name="name" value={category.name} />
        <button
          type="submit"
          className="btn btn-sm btn-error btn-outline"
          disabled={busy}
          aria-label={tPages.deskTexts.removeCategoryLabel(category.name)}
        >
          {tPages.deskTexts.removeCategory}
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The library's categories at the desk (docs/product.md#categories): add, rename, remove. */
export function CategoryManager({ categories }: { categories: CategoryOptionRow[] }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <section
      aria-labelledby="categories-heading"
      className="flex flex-col gap-4 rounded-box bg-base-100 p-5 ring-1 ring-base-300 lg:col-span-2"
    >
      <h2 id="categories-heading" className="text-xl font-semibold">
        {tPages.deskTexts.categoriesHeading}
      </h2>
      <p className="text-base-content/80">{tPages.deskTexts.categoriesText}</p>
      <ul className="flex flex-col gap-2" data-testid="category-list">
        {categories.map((category) => (
          <CategoryRow key={category.name} category={category} />
        ))}
      </ul>
      <fetcher.Form
        method="post"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        key={categories.length}
      >
        <input type="hidden" name="intent" value="addCategory" />
        <h3 className="sr-only">{tPages.deskTexts.addCategoryHeading}</h3>
        <NameFields />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {tPages.deskTexts.addCategory}
        </button>
      </fetcher.Form>
    </section>
  );
}
