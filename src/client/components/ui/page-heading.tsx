import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  intro?: ReactNode;
  /** A small line above the title naming the section of the site. */
  eyebrow?: string;
}

/** The title block at the top of a content page. */
export function PageHeading({ title, intro, eyebrow }: PageHeadingProps) {
  return (
    <header className="mx-auto mb-10 max-w-3xl text-center">
      {eyebrow && (
        <p className="mb-2 text-sm font-semibold tracking-widest text-primary uppercase">
          {eyebrow}
        </p>
      )}
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {intro && <p className="mt-4 text-lg leading-relaxed text-base-content/75">{intro}</p>}
    </header>
  );
}
