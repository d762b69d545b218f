import styled from 'styled-components';

/** A quiet line of text: an intro, an empty list, who did what and when. */
export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
