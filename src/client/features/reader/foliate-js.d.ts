/** foliate-js ships no types: its `<foliate-view>` element is described in foliate-view.ts. */
declare module 'foliate-js/view.js';
