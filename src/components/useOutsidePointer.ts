import { useEffect, type RefObject } from 'react';

/** While `active`, calls `onOutside` when a pointer goes down anywhere outside `ref`'s element. */
export function useOutsidePointer(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onPointer = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !ref.current?.contains(event.target)) onOutside();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [ref, active, onOutside]);
}
