/**
 * No user-visible text is written inside a component (docs/product.md#language): every word comes from the
 * catalogue of the current language. This walks every .tsx file under src/client with
 * TypeScript's parser and reports JSX text with a letter in it, and string literals with a letter
 * given to any attribute but those that hold code (class names, paths, ids, roles, types).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../client');
/**
 * Attributes whose string values nobody reads or hears: names, kinds, paths, styling, wiring.
 * Any other attribute given a literal with a word in it (title, placeholder, aria-label, alt,
 * label, or a component's own props such as `intro`) is a bare text.
 */
const CODE_ATTRIBUTES = new Set([
  'className',
  // A button's look (ghost, outline), as daisyUI names it.
  'kind',
  'id',
  'name',
  'type',
  'to',
  'href',
  'src',
  'method',
  'role',
  'autoComplete',
  'inputMode',
  'htmlFor',
  'rel',
  'target',
  'icon',
  'key',
  'lang',
  'dir',
  'referrerPolicy',
  'loading',
  'decoding',
  'fetchPriority',
  'preload',
  'encType',
  'accept',
  'pattern',
  'form',
  'viewBox',
  'fill',
  'stroke',
  'strokeLinecap',
  'strokeLinejoin',
  'fillRule',
  'clipRule',
  'd',
  'xmlns',
  'aria-live',
  'aria-hidden',
  'aria-current',
  'aria-controls',
  'aria-labelledby',
  'aria-describedby',
  'aria-haspopup',
  'aria-orientation',
  'data-testid',
  'data-theme-current',
  'enterKeyHint',
  'focusable',
  'size',
  'idPrefix',
  'scope',
  'intent',
  'inputClassName',
  'shape',
  'aria-disabled',
]);

/** The literal an attribute of this element is given, if any (`type="hidden"` → 'hidden'). */
function literalAttribute(element: ts.JsxAttributes, name: string, tree: ts.SourceFile) {
  const found = element.properties.find(
    (property) => ts.isJsxAttribute(property) && property.name.getText(tree) === name,
  );
  const value = found && ts.isJsxAttribute(found) ? found.initializer : undefined;
  return value && ts.isStringLiteral(value) ? value.text : undefined;
}

/**
 * Whether an attribute is a `value` nobody sees: a button's (sent with the form, the button shows
 * its children) or a hidden input's. A text input's `value` is shown, so it stays checked.
 */
function isUnseenValue(node: ts.JsxAttribute, tree: ts.SourceFile): boolean {
  if (node.name.getText(tree) !== 'value') return false;
  const element = node.parent.parent;
  const tag = element.tagName.getText(tree);
  return (
    tag === 'button' ||
    (tag === 'input' && literalAttribute(node.parent, 'type', tree) === 'hidden')
  );
}
/** A letter of any script, once character references are gone: punctuation and digits are not words. */
const hasWord = (text: string) => /\p{L}/u.test(text.replace(/&#?\w+;/g, ''));

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/**
 * Whether a string literal is what a JSX expression shows, e.g. `{n === 1 ? 'book' : 'books'}` or
 * `{name || 'Unknown'}`, rather than an argument or a key.
 */
function isShownAsText(node: ts.Node): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  while (
    ts.isParenthesizedExpression(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== child) ||
    (ts.isBinaryExpression(parent) &&
      [
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
        ts.SyntaxKind.AmpersandAmpersandToken,
      ].includes(parent.operatorToken.kind) &&
      parent.right === child)
  ) {
    child = parent;
    parent = parent.parent;
  }
  return ts.isJsxExpression(parent) && ts.isJsxElement(parent.parent);
}

/** Each bare text of one file, as `file:line: text`. */
export function bareStrings(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = tree.getLineAndCharacterOfPosition(node.getStart(tree));
    found.push(`${path.relative(CLIENT_DIR, file)}:${line + 1}: ${text.trim()}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWord(node.text)) report(node, node.text);
    if (
      ts.isJsxAttribute(node) &&
      !CODE_ATTRIBUTES.has(node.name.getText(tree)) &&
      !isUnseenValue(node, tree)
    ) {
      const value = node.initializer;
      const literal =
        value && ts.isJsxExpression(value) && value.expression ? value.expression : value;
      if (
        literal &&
        (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) &&
        hasWord(literal.text)
      )
        report(node, `${node.name.getText(tree)}="${literal.text}"`);
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      hasWord(node.text) &&
      isShownAsText(node)
    )
      report(node, `{'${node.text}'}`);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('components', () => {
  it('hold no bare user-visible text: every word comes from the catalogue', () => {
    const found = componentFiles(CLIENT_DIR).flatMap((file) =>
      bareStrings(file, readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the check finds JSX text and read attributes, and passes expressions', () => {
    const source = `const A = () => <p className="p-2" title="Hi" aria-label={'Menu'} alt={t.x} intro="Hello there">Hello {name}<b>{t.y}</b> · 3&nbsp;{n === 1 ? 'book' : 'books'}{f('Arg')}</p>;`;
    expect(bareStrings(path.join(CLIENT_DIR, 'a.tsx'), source)).toEqual([
      'a.tsx:1: title="Hi"',
      'a.tsx:1: aria-label="Menu"',
      'a.tsx:1: intro="Hello there"',
      'a.tsx:1: Hello',
      "a.tsx:1: {'book'}",
      "a.tsx:1: {'books'}",
    ]);
  });

  it("a button's or hidden input's value is not read; a text input's value is", () => {
    const source = `const A = () => <form><input type="hidden" name="intent" value="renew" /><button name="intent" value="checkIn">{t.z}</button><input name="q" value="Search here" /></form>;`;
    expect(bareStrings(path.join(CLIENT_DIR, 'a.tsx'), source)).toEqual([
      'a.tsx:1: value="Search here"',
    ]);
  });
});
