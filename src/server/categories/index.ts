/**
 * The categories module's public file: what other modules may use of it (the MARC import maps a
 * record's subjects to the library's categories).
 */
export { libraryCategories } from './categories.service.ts';
export type { CategoryOption } from '../../common/category-schemas.ts';
