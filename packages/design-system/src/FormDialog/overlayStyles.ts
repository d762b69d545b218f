import { css } from 'styled-components';

/**
 * The overlay look without react-aria (DialogFrame's Modal pieces and the light LoadingScreen
 * both use it): a dimmed backdrop over everything, and the centred surface on it.
 */
export const overlayStyle = css`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.layer.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[4]};
  background: rgba(16, 24, 40, 0.5);
`;

export const surfaceStyle = css`
  display: flex;
  flex-direction: column;
  max-height: calc(100vh - 32px);
  max-width: 100%;
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.lg};
  outline: none;
  overflow: hidden;
`;
