/**
 * Who records a return (RETURNS, docs/product/desk.md), as the server wrote it into the page:
 * with `desk`, a member's Return Book button gives way to a note to return the book at the desk.
 */
export const returnsAtDesk =
  document.querySelector<HTMLMetaElement>('meta[name="returns"]')?.content === 'desk';
