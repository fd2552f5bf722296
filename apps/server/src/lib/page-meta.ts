/** The pagination block of DESIGN.md §4 (`meta` / `paginationMetaData`): one page of `total` rows. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
