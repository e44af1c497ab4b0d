import { AlertTriangle } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/button';
import { Card, CardContent, CardHeader } from './ui/card';

interface State {
  error: Error | null;
}

/** A render crash shows 'Something went wrong' with Reload Page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render crash', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-dvh items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardHeader className="items-center text-center">
            <AlertTriangle className="text-destructive size-10" aria-hidden />
            <h1 className="text-xl font-semibold">Something went wrong</h1>
          </CardHeader>
          <CardContent className="grid gap-4 text-center">
            <p className="text-muted-foreground text-sm break-words">
              {this.state.error.message || 'An unexpected error occurred'}
            </p>
            <Button onClick={() => window.location.reload()}>Reload Page</Button>
          </CardContent>
        </Card>
      </main>
    );
  }
}
