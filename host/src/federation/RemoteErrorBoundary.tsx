import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback: (error: Error, reset: () => void) => ReactNode;
  children: ReactNode;
  /** Changing it clears a caught error (for example after a retry or a navigation). */
  resetKey: string;
  /** Told of each caught error (the release reporter counts it against the remote's version). */
  onError?: (error: Error) => void;
}
interface State {
  error: Error | null;
  resetKey: string;
}

/** Keeps a failing remote page inside its panel: the navbar, the sidebar and other remotes go on. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote page failed', error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, () => this.setState({ error: null })) : this.props.children;
  }
}
