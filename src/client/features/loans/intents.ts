/** What a circulation button asks of the page's action (circulation-actions.ts performs it). */
export type CirculationIntent = 'return' | 'renew' | 'cancelHold' | 'placeHold';
