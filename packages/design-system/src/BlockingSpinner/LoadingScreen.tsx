import styled from 'styled-components';
import { overlayStyle, surfaceStyle } from '../FormDialog/overlayStyles.ts';
import { messages } from '../messages.ts';
import { SpinnerContent, SpinnerRing } from './spinnerParts.ts';

export interface LoadingScreenProps {
  /** Default 'กำลังโหลด...'. */
  readonly label?: string;
}

/**
 * The first load's spinner (the session check, a screen's chunk): BlockingSpinner's look, but
 * a live status over a backdrop that takes the pointer instead of a modal dialog, so the shell
 * needs none of react-aria's overlay code. Operations the user starts use BlockingSpinner.
 */
export function LoadingScreen({ label = messages.loading }: LoadingScreenProps) {
  return (
    <Backdrop data-loading-screen="">
      <Surface role="status" aria-busy="true">
        <SpinnerContent>
          <SpinnerRing aria-hidden="true" />
          <span>{label}</span>
        </SpinnerContent>
      </Surface>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  ${overlayStyle}
`;

const Surface = styled.div`
  ${surfaceStyle}
  min-width: 200px;
`;
