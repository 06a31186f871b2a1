import { ImageUrlField } from '../../../components/ui/image-url-field.tsx';
import { tPages } from '../../../lib/page-texts.ts';

interface PhotoFieldProps {
  defaultValue: string;
  error?: string;
  /** While a chosen file is being uploaded, the form holds its submit button. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * The member's photo: an address or an uploaded file (docs/product.md#images), with a round preview.
 * The member is signed in, so a chosen file is stored at once and its path fills the field.
 */
export function PhotoField({ defaultValue, error, onBusyChange }: PhotoFieldProps) {
  const id = 'profile-photo';
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {tPages.profileTexts.photo}
      </label>
      <ImageUrlField
        id={id}
        name="image"
        shape="photo"
        inputMode="url"
        autoComplete="photo"
        defaultValue={defaultValue}
        onBusyChange={onBusyChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        inputClassName={`input w-full ${error ? 'input-error' : ''}`}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-error">
          {error}
        </p>
      )}
      <p className="mt-1.5 text-xs text-base-content/70">{tPages.profileTexts.photoHint}</p>
    </div>
  );
}
