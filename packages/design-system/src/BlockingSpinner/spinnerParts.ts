import styled from 'styled-components';
import { spinnerRing } from './spinnerRing.ts';

/** The spinner's card content (ring above its label): the modal BlockingSpinner and the light LoadingScreen share it. */
export const SpinnerContent = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[6]}`};
  text-align: center;
`;

export const SpinnerRing = styled.span`
  ${spinnerRing(40, 4, 'secondary')}
`;
