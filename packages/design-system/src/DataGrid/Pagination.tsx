import { memo, useId } from 'react';
import styled from 'styled-components';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import { countText } from './countText.ts';
import type { PagingProps } from './types.ts';

export const defaultPageSizes = [10, 20, 50, 100] as const;

/**
 * Memoized (issue 41): a list passes its setters, which keep their identity, so picking a row or
 * typing a search does not draw the paging bar again.
 */
export const Pagination = memo(function Pagination({
  page,
  pageSize,
  total,
  totalIsLowerBound = false,
  onPageChange,
  onPageSizeChange,
  pageSizes,
  isLoading = false,
}: PagingProps & {
  /**
   * The grid's first answer is on its way: no count to show yet. "0–0 จาก 0" would say the list is
   * empty (and be read out as such); the grid's status says it is loading.
   */
  readonly isLoading?: boolean;
}) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Bar aria-label={messages.pagination}>
      <label htmlFor={sizeId}>{messages.rowsPerPage}</label>
      <Select id={sizeId} value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
        {(pageSizes ?? defaultPageSizes).map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
      <Range aria-live="polite">
        {/* A lower-bound total reads "มากกว่า 10,000": the server stopped counting there (it always counts the next page). */}
        {!isLoading && (
          <>
            {countText(from)}–{countText(to)} {messages.of} {countText(total, totalIsLowerBound)}
          </>
        )}
      </Range>
      <PageButton
        type="button"
        aria-label={messages.previousPage}
        disabled={isLoading || page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        <Icon name="chevron-left" size={20} />
      </PageButton>
      <span>
        {messages.page} {countText(page)}
        {!isLoading && <> / {countText(pages, totalIsLowerBound)}</>}
      </span>
      <PageButton
        type="button"
        aria-label={messages.nextPage}
        disabled={isLoading || page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        <Icon name="chevron-right" size={20} />
      </PageButton>
    </Bar>
  );
});

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[2]} 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Select = styled.select`
  height: 36px;
  padding: 0 ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
`;

const Range = styled.span`
  font-variant-numeric: tabular-nums;
`;

const PageButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ theme }) => theme.color.secondary}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
  &:disabled { color: ${({ theme }) => theme.color.disabledText}; cursor: not-allowed; }
`;
