import { partnersQuery } from '@keydeck/contract/partners-queries';

/** /v2/admin/splenda: the partners list's paging, search and status filter in the URL. */
export const partnersSearch = partnersQuery;
