import { useState } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { t } from '../../lib/i18n.ts';

interface PasswordFieldProps {
  /** The catalogue's 'Password' unless the page asks for a new one. */
  label?: string;
  /** The input's name; 'password' unless a form has two of them. */
  name?: string;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  onInput?: () => void;
}

/** The Password input with its show/hide toggle. */
export function PasswordField({
  label = t.authTexts.password,
  name = 'password',
  error,
  autoComplete,
  onInput,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      required
      error={error}
      onInput={onInput}
      trailing={
        <button
          type="button"
          className="btn btn-ghost btn-circle btn-xs -me-1"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={t.authTexts.showPassword}
          title={visible ? t.authTexts.hidePassword : t.authTexts.showPassword}
          aria-pressed={visible}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} className="size-4" />
        </button>
      }
    />
  );
}
