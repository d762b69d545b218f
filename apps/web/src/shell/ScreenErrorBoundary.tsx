import { PlainButton, StatusScreen } from '@lms/design-system';
import { Component, type ReactNode } from 'react';
import { HOST_TEXT } from '../text.ts';

interface Props {
  readonly children: ReactNode;
  /** Where the user is (the path): moving elsewhere draws the screens again. */
  readonly at: string;
}

/**
 * A screen that throws while drawing shows this instead of leaving the window blank, until the
 * user moves to another path or reloads. React Router's data router did it with its own error
 * page; its declarative mode (issue 41) has none.
 */
export class ScreenErrorBoundary extends Component<Props, { failedAt: string | null }> {
  override state: { failedAt: string | null } = { failedAt: null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: { failedAt: string | null }) {
    // '' = failed just now, here: remember where; failed elsewhere before: try again.
    if (state.failedAt === '') return { failedAt: props.at };
    if (state.failedAt !== null && state.failedAt !== props.at) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen failed to draw', error);
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <StatusScreen
        kind="invalid-url"
        title={HOST_TEXT.screenFailedTitle}
        message={HOST_TEXT.screenFailed}
        action={<PlainButton onPress={() => window.location.reload()}>{HOST_TEXT.reload}</PlainButton>}
      />
    );
  }
}
