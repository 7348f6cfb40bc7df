export interface PageBudgets {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
}

export interface PageFigures {
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  performance: number;
}

export const PAGE_BUDGETS: Readonly<PageBudgets>;
export const PAGE_BUDGET_TEXT: string;
export const SIZE_BUDGETS: Readonly<{ shellKb: number; homeFirstVisitKb: number }>;
export function pageVerdict(figures: PageFigures, budgets?: PageBudgets): string;
export function sizeVerdict(gzipBytes: number, budgetKb: number): string;
export function median(values: number[]): number;
