import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps one broken screen from blanking the app: shows the error and a reload button. */
export class ErrorBoundary extends Component<
  { children: ReactNode; title: string; reload: string },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="card empty empty-error" role="alert">
        <p className="empty-title">{this.props.title}</p>
        <pre className="mail-text">{this.state.error.message}</pre>
        <button
          type="button"
          className="btn btn-primary btn-md"
          onClick={() => window.location.reload()}
        >
          {this.props.reload}
        </button>
      </div>
    );
  }
}
