import { Component, type ReactNode } from 'react';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { forgetFailedLoads } from '@/lib/lazy-with-preload';
import { useIsOnline } from '@/lib/use-is-online';

type Props = { location: string; children: ReactNode };
type State = { error: unknown };

/**
 * Catches what a screen throws while rendering: its code that did not arrive (offline, or a deploy
 * that replaced the chunks) or a read it cannot do without. Without it React unmounts the whole app
 * and leaves a white page. The chrome stays; the screen's place shows why and a retry, which also
 * runs by itself when the network comes back. Going to another address starts afresh; it is not keyed
 * by the address, which would remount a screen that keeps its state across addresses (a chat).
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidMount() {
    window.addEventListener('online', this.retry);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.location !== this.props.location) this.retry();
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => {
    if (this.state.error === null) return;
    forgetFailedLoads();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return <RouteErrorNotice onRetry={this.retry} />;
  }
}

function RouteErrorNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const isOnline = useIsOnline();
  return (
    <div className="mx-auto flex min-h-[50dvh] w-full max-w-md flex-col items-center justify-center gap-4 px-6 py-10 text-center">
      {!isOnline && <WifiOff className="size-10 text-muted-foreground" aria-hidden />}
      <div role="alert" className="flex flex-col gap-1.5" data-testid="route-error">
        <h1 className="text-xl font-semibold">{t(isOnline ? 'routeError.title' : 'routeError.offlineTitle')}</h1>
        <p className="text-muted-foreground">{t(isOnline ? 'routeError.hint' : 'routeError.offlineHint')}</p>
      </div>
      {/* The navigation stays on screen for going elsewhere. */}
      <Button onClick={onRetry}>{t('routeError.retry')}</Button>
    </div>
  );
}
