// Types of bench/scale-data.mjs for the server's tests that grow their database with it.
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;
export type Scale = {
  products: number;
  members: number;
  orders: number;
  waitingList: number;
  cartLines: number;
  galleries: number;
  imagesPerGallery: number;
  dealerShare: number;
};
export const SCALE: Scale;
export const BENCH_MEMBERS: number;
export const BENCH_PRODUCTS: number;
export function memberEmail(n: number): string;
export function benchSession(n: number): { email: string; cookie: string; csrf: string };
export function addBenchMembers(query: Query, opts?: { seed?: number }): Promise<void>;
export function addScaleData(
  query: Query,
  opts?: { seed?: number; scale?: Scale; log?: (line: string) => void },
): Promise<{ counts: Record<string, number>; timings: Record<string, number> }>;
