import { Button, StatusScreen } from '@lms/design-system';
import { Component, type ReactNode } from 'react';
import { HOST_TEXT } from '../text.ts';

/**
 * A screen that throws while drawing shows this instead of leaving the window blank. React
 * Router's data router did it with its own error page; its declarative mode (issue 41) has none.
 */
export class ScreenErrorBoundary extends Component<{ readonly children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A screen failed to draw', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StatusScreen
        kind="invalid-url"
        title={HOST_TEXT.screenFailedTitle}
        message={HOST_TEXT.screenFailed}
        action={<Button onPress={() => window.location.reload()}>{HOST_TEXT.reload}</Button>}
      />
    );
  }
}
