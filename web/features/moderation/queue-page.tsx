import { lazy, Suspense } from 'react';

// Every page file costs each signed-in route's first load its entry in the route table (with the chunks
// it needs): this one names a single chunk, and the screen with its dialogs loads from here.
const ModerationScreen = lazy(() => import('./moderation-screen'));

/** /moderation: the moderators' queue and log (moderation-screen.tsx); a not-found text for everyone else. */
export default function ModerationPage() {
  return (
    <Suspense fallback={null}>
      <ModerationScreen />
    </Suspense>
  );
}
