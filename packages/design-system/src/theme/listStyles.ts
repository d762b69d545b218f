import { css } from 'styled-components';

/** A list laid out as a row of items that wraps (picked DOs, the wizard's steps, choices, days): no bullets, no indent. */
export const wrappingList = css`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;
