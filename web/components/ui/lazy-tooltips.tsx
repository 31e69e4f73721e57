import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import type * as Tooltips from './tooltip';

type TooltipModule = typeof Tooltips;

// Once loaded, groups mounted later render the real tooltips straight away.
let loadedModule: TooltipModule | null = null;
const loadTooltips = () => import('./tooltip').then((module) => (loadedModule = module));

const TooltipModuleContext = createContext<TooltipModule | null>(null);

/**
 * A group of tooltips (Radix Tooltip under one provider with the product's delays) whose code loads when
 * the pointer or the keyboard focus first enters the group, not with the page: until then the triggers
 * render alone. The swap to the real tooltips re-creates the trigger elements, so it waits while a
 * trigger is being pressed (a click must start and end on the same element), and gives the focus back
 * to the trigger that had it (which, as with Radix, then shows its tooltip).
 */
export function LazyTooltipGroup({ children }: { children: ReactNode }) {
  const [module, setModule] = useState(loadedModule);
  const [isPressed, setIsPressed] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const focusedIndex = useRef(-1);
  const isReal = module !== null && !isPressed;

  const load = () => {
    if (!module) void loadTooltips().then(setModule);
  };
  const buttons = () => Array.from(container.current?.querySelectorAll('button') ?? []);

  useLayoutEffect(() => {
    if (!isReal || focusedIndex.current < 0) return;
    const target = buttons()[focusedIndex.current];
    focusedIndex.current = -1;
    if (target && (document.activeElement === null || document.activeElement === document.body)) target.focus();
  }, [isReal]);

  return (
    // display: contents, so the group adds no box to the layout around its triggers.
    <div
      ref={container}
      className="contents"
      onPointerEnter={load}
      onFocus={(event) => {
        load();
        const target: EventTarget = event.target;
        if (!isReal) focusedIndex.current = buttons().findIndex((button) => button === target);
      }}
      onBlur={() => {
        if (!isReal) focusedIndex.current = -1;
      }}
      onPointerDown={() => setIsPressed(true)}
      onKeyDown={(event) => {
        if (event.key === ' ' || event.key === 'Enter') setIsPressed(true);
      }}
      onClick={() => setIsPressed(false)}
      onPointerLeave={() => setIsPressed(false)}
      onPointerCancel={() => setIsPressed(false)}
      onKeyUp={() => setIsPressed(false)}
    >
      {isReal ? (
        <module.TooltipProvider>
          <TooltipModuleContext.Provider value={module}>{children}</TooltipModuleContext.Provider>
        </module.TooltipProvider>
      ) : (
        children
      )}
    </div>
  );
}

/** One trigger and its tooltip text, inside a LazyTooltipGroup. */
export function LazyTooltip({ content, children }: { content: ReactNode; children: ReactElement }) {
  const module = useContext(TooltipModuleContext);
  if (!module) return children;
  return (
    <module.Tooltip>
      <module.TooltipTrigger asChild>{children}</module.TooltipTrigger>
      <module.TooltipContent>{content}</module.TooltipContent>
    </module.Tooltip>
  );
}
