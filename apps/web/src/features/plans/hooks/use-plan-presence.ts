import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PLAN_PRESENCE, type PlanFocus, type PlanPresenceMember } from '@datebook/contracts';
import { useSignedInUser } from '@/features/session';
import { useCurrentLiveSocket } from '@/lib/live-socket-registry';
import { useServerEvent, useSocketConnection } from '@/lib/use-server-event';
import { readHidePresence, writeHidePresence } from '../presence-preference';

/** Where a member is typing, as a map key: a row's field, or the plan's own title or date. */
export function focusKey(focus: PlanFocus): string {
  return `${focus.ref ?? ''}:${focus.field}`;
}

const sameFocus = (a: PlanFocus | null, b: PlanFocus | null): boolean =>
  a === b || (a !== null && b !== null && focusKey(a) === focusKey(b));

/**
 * One entry per person: the server lists each open tab, screens show each member once. The entry
 * that has a focus wins, so a member typing in one tab is not hidden by their idle other tab.
 */
function othersOf(members: readonly PlanPresenceMember[], userId: string): PlanPresenceMember[] {
  const byUser = new Map<string, PlanPresenceMember>();
  for (const member of members) {
    if (member.userId === userId) {
      continue;
    }
    const known = byUser.get(member.userId);
    if (!known || (known.focus === null && member.focus !== null)) {
      byUser.set(member.userId, member);
    }
  }
  return [...byUser.values()];
}

/**
 * Who else has the plan open and where they are typing (design: Presence), and this member's own
 * focus and 'Hide my presence' choice sent to them. Focus is sent at most every
 * PLAN_PRESENCE.focusThrottleMs, the latest value last; after a reconnect the room is joined again
 * by the plan's sync, and the focus is sent again once the server confirms with a fresh list.
 */
export function usePlanPresence(planId: string) {
  const user = useSignedInUser();
  const socket = useCurrentLiveSocket();
  const [members, setMembers] = useState<PlanPresenceMember[]>([]);
  const [hidden, setHiddenState] = useState(readHidePresence);
  const hiddenRef = useRef(hidden);
  const focusRef = useRef<PlanFocus | null>(null);
  const sentRef = useRef<PlanFocus | null>(null);
  const lastSentAt = useRef(0);
  const timer = useRef<number | undefined>(undefined);

  const sendFocus = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (!socket?.connected || hiddenRef.current) {
      return;
    }
    lastSentAt.current = Date.now();
    sentRef.current = focusRef.current;
    socket.emit('presence.set', { planId, focus: focusRef.current });
  }, [socket, planId]);

  // The first list after a (re)join says the room has this socket; a focus sent before that
  // (typed while the join was under way, or before a reconnect) is sent again.
  const rejoining = useRef(true);
  useEffect(() => {
    rejoining.current = true;
    return () => window.clearTimeout(timer.current);
  }, [socket, planId]);
  useServerEvent(socket, 'presence.state', (state) => {
    if (state.planId !== planId) {
      return;
    }
    setMembers(state.members);
    if (rejoining.current) {
      rejoining.current = false;
      if (focusRef.current !== null) {
        sendFocus();
      }
    }
  });
  useSocketConnection(socket, 'disconnect', () => {
    rejoining.current = true;
    setMembers([]);
  });

  const focus = useCallback(
    (target: PlanFocus | null) => {
      focusRef.current = target;
      if (sameFocus(target, sentRef.current) && timer.current === undefined) {
        return;
      }
      const wait = lastSentAt.current + PLAN_PRESENCE.focusThrottleMs - Date.now();
      if (wait <= 0) {
        sendFocus();
      } else if (timer.current === undefined) {
        timer.current = window.setTimeout(sendFocus, wait);
      }
    },
    [sendFocus],
  );

  const setHidden = useCallback(
    (hide: boolean) => {
      hiddenRef.current = hide;
      setHiddenState(hide);
      writeHidePresence(hide);
      window.clearTimeout(timer.current);
      timer.current = undefined;
      if (socket?.connected) {
        sentRef.current = hide ? null : focusRef.current;
        socket.emit('presence.set', { planId, focus: sentRef.current, hidden: hide });
      }
    },
    [socket, planId],
  );

  const others = useMemo(() => othersOf(members, user.id), [members, user.id]);
  const focusByTarget = useMemo<ReadonlyMap<string, readonly PlanPresenceMember[]>>(() => {
    const map = new Map<string, PlanPresenceMember[]>();
    for (const member of others) {
      if (member.focus) {
        const key = focusKey(member.focus);
        map.set(key, [...(map.get(key) ?? []), member]);
      }
    }
    return map;
  }, [others]);

  return { others, focusByTarget, focus, hidden, setHidden };
}

export type PlanPresence = ReturnType<typeof usePlanPresence>;
