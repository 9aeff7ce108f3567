/**
 * Keeps the totem on its own origin. Content is edited by people, not developers: a link in a PDF,
 * in a page image map or in any HTML that reaches the screen must never take the kiosk to another
 * site, where nobody could come back from (there is no address bar). External pages are shown
 * only where the kiosk means to, in its sandboxed modal frames (suggestion form, company site),
 * which cannot navigate the top window.
 *
 * So: a click on a link to another origin is cancelled (in the capture phase, before anything
 * else sees it), and `window.open` opens nothing. A middle click (`auxclick`) or a click with
 * Ctrl, Shift or Meta would open the link in a new tab or window, which a totem cannot close
 * either: those are cancelled on every link, the kiosk's own included.
 */
function linkOf(event: Event): Element | null {
  const target = event.target as Node | null;
  // Text nodes have no `closest`; their parent element does.
  const element = target instanceof Element ? target : (target?.parentElement ?? null);
  return element?.closest('a[href], area[href]') ?? null;
}

export function installNavigationGuard(win: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    const link = linkOf(event);
    if (!link) return;
    if (event.ctrlKey || event.shiftKey || event.metaKey || event.button !== 0) {
      event.preventDefault();
      return;
    }
    const href = link.getAttribute('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, win.location.href);
    } catch {
      event.preventDefault();
      return;
    }
    if (url.origin !== win.location.origin || link.hasAttribute('download')) {
      event.preventDefault();
    }
  };
  const onAuxClick = (event: MouseEvent) => {
    if (linkOf(event)) event.preventDefault();
  };
  const open = win.open;
  win.document.addEventListener('click', onClick, true);
  win.document.addEventListener('auxclick', onAuxClick, true);
  win.open = () => null;
  return () => {
    win.document.removeEventListener('click', onClick, true);
    win.document.removeEventListener('auxclick', onAuxClick, true);
    win.open = open;
  };
}
