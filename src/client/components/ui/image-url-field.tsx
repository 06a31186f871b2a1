/**
 * An image's web address with an Upload button beside it (docs/product.md#images): the chosen file is
 * stored by the server and its path fills the field, which the form then sends like any address.
 * The form reads the input by its name, as it does its other fields; `onBusyChange` lets it hold
 * its submit button while a file is on its way. Used for book covers and members' photos.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '../../../common/constants.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { imageFailureMessage } from '../../lib/messages.ts';
import { uploadImage } from '../../lib/upload-image.ts';
import { t } from '../../lib/i18n.ts';

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
  /**
   * For a form whose sender cannot upload yet (Register: uploads need a member): the chosen file
   * is handed to the form, which uploads it after it is sent, and meanwhile only previewed here.
   */
  onFileChosen?: (file: File | null) => void;
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
  onFileChosen,
  ...input
}: ImageUrlFieldProps) {
  const [value, setValue] = useState(defaultValue);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [brokenPreview, setBrokenPreview] = useState<string | null>(null);
  /** A chosen file kept for the form to upload later, as a data: URL (CSP allows no blob:). */
  const [localPreview, setLocalPreview] = useState<{ name: string; url: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = `${id}-upload-problem`;

  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);

  const upload = async (file: File) => {
    setProblem(null);
    if (file.size > IMAGE_MAX_BYTES) {
      setProblem(t.imageFailureMessages.PAYLOAD_TOO_LARGE);
      return;
    }
    if (onFileChosen) {
      keepForLater(file);
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

  const keepForLater = (file: File) => {
    const reader = new FileReader();
    reader.onload = () => {
      setLocalPreview({ name: file.name, url: String(reader.result) });
      setValue('');
      onFileChosen?.(file);
      onValueChange?.();
    };
    reader.onerror = () => setProblem(t.imageFailureMessages.INVALID_IMAGE);
    reader.readAsDataURL(file);
  };

  const previewSource = localPreview?.url ?? value;
  const showPreview = previewSource !== '' && brokenPreview !== previewSource;
  const previewShape = shape === 'photo' ? 'size-12 rounded-full' : 'h-18 w-12 rounded-sm';

  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-2">
        {showPreview && (
          <img
            src={previewSource}
            alt={t.imageTexts.preview}
            width={48}
            height={shape === 'photo' ? 48 : 72}
            className={`shrink-0 bg-base-300 object-cover ${previewShape}`}
            onError={() => setBrokenPreview(previewSource)}
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
            // A typed address replaces a file kept for later.
            if (localPreview) {
              setLocalPreview(null);
              onFileChosen?.(null);
            }
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
          {uploading ? t.imageTexts.uploading : t.imageTexts.upload}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          hidden
          data-testid="image-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <p className="text-xs text-base-content/80">
        {localPreview ? t.imageTexts.uploadsWithForm(localPreview.name) : t.imageTexts.uploadHint}
      </p>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
