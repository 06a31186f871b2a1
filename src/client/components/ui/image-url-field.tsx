/**
 * An image's web address with an Upload button beside it (DECISIONS.md §12): the chosen file is
 * stored by the server and its path fills the field, which the form then sends like any address.
 * The form reads the input by its name, as it does its other fields; `onBusyChange` lets it hold
 * its submit button while a file is on its way. Used for book covers and members' photos.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '../../../common/constants.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { imageTexts } from '../../lib/image-texts.ts';
import { imageFailureMessage, imageFailureMessages } from '../../lib/messages.ts';
import { uploadImage } from '../../lib/upload-image.ts';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'defaultValue' | 'value' | 'type'>;

interface ImageUrlFieldProps extends InputProps {
  /** The `id` and `name` the field's label and the form know the input by. */
  id: string;
  name: string;
  defaultValue?: string;
  /** The preview's shape: a book's 2:3 cover or a member's round photo. */
  shape?: 'cover' | 'photo';
  onBusyChange?: (busy: boolean) => void;
  /** Called when the address changes, typed or uploaded (the form clears the field's error). */
  onValueChange?: () => void;
  inputClassName?: string;
}

export function ImageUrlField({
  id,
  name,
  defaultValue = '',
  shape = 'cover',
  onBusyChange,
  inputClassName = 'input w-full',
  onValueChange,
  ...input
}: ImageUrlFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = `${id}-upload-problem`;

  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);

  const upload = async (file: File) => {
    setProblem(null);
    if (file.size > IMAGE_MAX_BYTES) {
      setProblem(imageFailureMessages.PAYLOAD_TOO_LARGE);
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadImage(file);
      setValue(stored.url);
      onValueChange?.();
    } catch (error) {
      setProblem(imageFailureMessage(apiFailure(error).code));
    } finally {
      setUploading(false);
    }
  };

  const showPreview = value !== '' && brokenPreview !== value;
  const previewShape = shape === 'photo' ? 'size-12 rounded-full' : 'h-18 w-12 rounded-sm';

  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-2">
        {showPreview && (
          <img
            src={value}
            alt={imageTexts.preview}
            width={48}
            height={shape === 'photo' ? 48 : 72}
            className={`shrink-0 bg-base-300 object-cover ${previewShape}`}
            onError={() => setBrokenPreview(value)}
          />
        )}
        <input
          {...input}
          id={id}
          name={name}
          type="text"
          inputMode="url"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
            onValueChange?.();
          }}
          className={`min-w-0 flex-1 ${inputClassName}`}
        />
        <button
          type="button"
          className="btn shrink-0 btn-outline"
          aria-describedby={problem ? problemId : undefined}
          disabled={uploading}
          aria-busy={uploading}
          onClick={() => fileInput.current?.click()}
        >
          {uploading && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {uploading ? imageTexts.uploading : imageTexts.upload}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          hidden
          data-testid={`${id}-file`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <p className="text-xs text-base-content/80">{imageTexts.uploadHint}</p>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
