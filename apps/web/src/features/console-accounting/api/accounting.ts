import { adminAccountingContract as contract } from '@club/shared/contract/admin-accounting';
import { pathWith } from '@club/shared/contract/paths';
import type { AccountingDataset, TAccountingRange } from '@club/shared/schemas/admin-accounting';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../../lib/api-client';
import { fetchData, queryKeyOf } from '../../../lib/endpoint';

/**
 * What a range's files carry (issue 30): read again whenever staff come back to the screen. No
 * placeholder of the previous range: its download links would be the old range's while the new loads.
 */
export function useAccountingSummary(range: TAccountingRange) {
  const query = range;
  return useQuery({
    queryKey: queryKeyOf(contract.summary, { query }),
    queryFn: () => fetchData(contract.summary, { query }),
    refetchOnMount: 'always',
    retry: false,
  });
}

const withRange = (path: string, range: TAccountingRange) =>
  `${API_BASE}${path}?${new URLSearchParams({ from: range.from, to: range.to })}`;

/** The files are plain links: the browser downloads them with the staff member's session. */
export const accountingFiles = {
  csv: (dataset: AccountingDataset, range: TAccountingRange) =>
    withRange(pathWith(contract.csv.path, { dataset }), range),
  xlsx: (range: TAccountingRange) => withRange(contract.xlsx.path, range),
  zip: (range: TAccountingRange) => withRange(contract.zip.path, range),
};
