import type { ReactNode } from 'react';
import type { Message } from '../../../common/i18n/message.ts';

interface FormAlertProps {
  /** A success is announced politely (`status`); an error, the default, at once (`alert`). */
  success?: boolean;
  message: Message;
  /** What follows the message, such as a link to try again. */
  children?: ReactNode;
}

/** A form's outcome under its fields: the message's title in bold, then its text. */
export function FormAlert({ success = false, message, children }: FormAlertProps) {
  return (
    <div
      role={success ? 'status' : 'alert'}
      className={`alert alert-soft text-sm ${success ? 'alert-success' : 'alert-error'}`}
    >
      <div>
        <p className="font-semibold">{message.title}</p>
        {message.text && <p>{message.text}</p>}
        {children}
      </div>
    </div>
  );
}
