import { Compass } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from './ui/button';
import { Card, CardContent, CardHeader } from './ui/card';

export default function NotFoundPage() {
  return (
    <main className="ember-glow flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <Compass className="text-primary size-10" aria-hidden />
          <h1 className="text-2xl font-semibold">Page Not Found</h1>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-muted-foreground text-sm">
            The page you are looking for does not exist or has moved.
          </p>
          <Button asChild>
            <Link href="/">Back to home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
