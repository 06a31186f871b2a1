/**
 * No dialog or toast renders markup from what it is given (issue 30): every text reaches
 * SweetAlert2 through an option it shows as text, and nothing through one it parses as HTML.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fire = vi.fn(async (_options: Record<string, unknown>) => ({ isConfirmed: true }));
vi.mock('sweetalert2', () => ({ default: { fire } }));
vi.mock('./i18n.ts', () => ({ t: { shellTexts: { ok: 'OK' } } }));
vi.mock('./messages.ts', () => ({ timings: { toast: 1500 } }));
vi.mock('./theme.ts', () => ({ currentTheme: () => 'light' }));

const { confirmDialog, showAlert, showToast } = await import('./dialogs.ts');

/** SweetAlert2's options that it parses as HTML (sweetalert2's documentation, "params"). */
const HTML_OPTIONS = [
  'title',
  'html',
  'footer',
  'confirmButtonText',
  'denyButtonText',
  'cancelButtonText',
  'closeButtonHtml',
  'iconHtml',
  'loaderHtml',
];

const HOSTILE =
  '<b id="inj">Mallory</b><style>*{display:none}</style><meta http-equiv="refresh" content="2;url=http://127.0.0.1/phish">';

function lastOptions(): Record<string, unknown> {
  const call = fire.mock.calls.at(-1);
  if (!call) throw new Error('no dialog was shown');
  return call[0];
}

function expectOnlyText(options: Record<string, unknown>) {
  for (const name of HTML_OPTIONS) {
    const value = options[name];
    if (value !== undefined) expect(String(value), name).not.toMatch(/[<>]/);
  }
  expect(options.titleText).toBe(HOSTILE);
  expect(options.text).toBe(HOSTILE);
}

describe('dialogs and toasts', () => {
  beforeEach(() => fire.mockClear());

  it('show an alert’s title and text as text', async () => {
    await showAlert('error', HOSTILE, HOSTILE);
    expectOnlyText(lastOptions());
  });

  it('show a toast’s title and text as text', async () => {
    await showToast('success', HOSTILE, HOSTILE);
    expectOnlyText(lastOptions());
  });

  it('show a question’s title, text and buttons as text', async () => {
    await confirmDialog(HOSTILE, HOSTILE, HOSTILE, HOSTILE);
    const options = lastOptions();
    expectOnlyText(options);
    expect(options.confirmButtonText).toBe(
      '&lt;b id="inj"&gt;Mallory&lt;/b&gt;&lt;style&gt;*{display:none}&lt;/style&gt;&lt;meta http-equiv="refresh" content="2;url=http://127.0.0.1/phish"&gt;',
    );
  });
});
