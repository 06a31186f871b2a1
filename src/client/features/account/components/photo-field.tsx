import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n.ts';

const PLACEHOLDER = '/images/avatar-placeholder.svg';

interface PhotoFieldProps {
  defaultValue: string;
  error?: string;
}

/**
 * The member's photo as a URL, with a preview. Its own component so that uploading a photo
 * (DECISIONS.md §12) can take its place without touching the rest of the form.
 */
export function PhotoField({ defaultValue, error }: PhotoFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = value && value !== failed ? value : PLACEHOLDER;
  return (
    <div className="flex items-start gap-4">
      <div className="avatar mt-7 shrink-0">
        <div className="w-14 rounded-full ring-2 ring-primary/30 ring-offset-2 ring-offset-base-100">
          <img
            src={shown}
            alt={t.profileTexts.photoPreview}
            width={56}
            height={56}
            referrerPolicy="no-referrer"
            onError={() => setFailed(value)}
          />
        </div>
      </div>
      <div className="min-w-0 flex-1">
        <TextField
          label={t.profileTexts.photo}
          name="image"
          type="text"
          inputMode="url"
          autoComplete="photo"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
        />
        <p className="mt-1.5 text-xs text-base-content/70">{t.profileTexts.photoHint}</p>
      </div>
    </div>
  );
}
