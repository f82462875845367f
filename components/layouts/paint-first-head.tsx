// The escaping Next's own document uses for the JSON in its inline scripts.
import { htmlEscapeJsonString } from 'next/dist/shared/lib/htmlescape'
import { Head } from 'next/document'
import { isValidElement, type JSX } from 'react'
import { EARLY_EVENTS_GLOBAL } from './early-events'

type DocumentFiles = Parameters<Head['getScripts']>[0]

/** The performance mark the loader sets when it starts the page's scripts (e2e/first-paint.spec.ts reads it). */
export const SCRIPTS_STARTED_MARK = 'portal:scripts-after-paint'
/** At most this long after the document is parsed without a contentful paint, the scripts start anyway. */
export const PAINT_WAIT_CAP_MS = 1_000

/**
 * The page's scripts start once the server's HTML has painted (docs/architecture.md#first-paint). Next's pages router
 * writes every first-load script as `<script defer>`, fetched with the HTML; when they arrive before the browser has
 * painted (a fast network, a warm cache), it runs them, hydration included, before it paints anything, and on a slow
 * network they share its bandwidth with the stylesheets the paint waits for. Here the page's HTML carries the list of
 * its scripts and this loader adds them, in the same order and still run in order (`async = false`, like `defer`),
 * after the first contentful paint and once the document is parsed. It does not wait for a paint that cannot come: a
 * page hidden before it paints, a browser without paint timing, or no contentful paint within
 * {@link PAINT_WAIT_CAP_MS} of parsing.
 *
 * Until the page has hydrated, taps on buttons and submits are held and made again then (`early-events.ts`), after the
 * fields typed in or picked from meanwhile have been told to the page; links work as they are.
 */
export const afterPaintLoader = (scripts: readonly ScriptSource[]) => `(function (scripts) {
  var started = false, painted = false, parsed = document.readyState !== 'loading';
  var nonce = document.currentScript && document.currentScript.nonce;
  var held = [];
  function hold(event) {
    if (event.type === 'submit') {
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push({ form: event.target, submitter: event.submitter || null });
      return;
    }
    var target = event.target instanceof Element
      ? event.target.closest('button, [role="button"], [role="tab"], [role="switch"], [role="menuitem"], [role="option"]')
      : null;
    if (!target || target.disabled || target.getAttribute('aria-disabled') === 'true') return;
    // A submit button's click goes on to submit its form: that submit is held instead.
    if (target.tagName === 'BUTTON' && target.form && target.type === 'submit') return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({ tap: target });
  }
  // What is typed or picked before then stays in its field, but the page's own record of the field (React's value
  // tracker) says it is unchanged: it is told again, as if typed then, so the page reads it.
  var edited = [];
  function note(event) {
    var field = event.target;
    if (!field || !/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName) || field.type === 'file') return;
    if (edited.indexOf(field) < 0) edited.push(field);
  }
  function keyOf(field) {
    return field.type === 'checkbox' || field.type === 'radio' ? 'checked' : 'value';
  }
  function tell(field, shown) {
    var key = keyOf(field);
    var native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key);
    if (!native || !native.set) return;
    if (field.tagName !== 'SELECT') field[key] = key === 'checked' ? !shown : '';
    native.set.call(field, shown);
    field.dispatchEvent(new Event(field.tagName === 'SELECT' ? 'change' : key === 'checked' ? 'click' : 'input', { bubbles: true }));
  }
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  document.addEventListener('submit', hold, true);
  document.addEventListener('click', hold, true);
  window['${EARLY_EVENTS_GLOBAL}'] = {
    replay: function () {
      document.removeEventListener('input', note, true);
      document.removeEventListener('change', note, true);
      document.removeEventListener('submit', hold, true);
      document.removeEventListener('click', hold, true);
      // What every field shows is read first: telling one re-renders the page, which puts the others back to the
      // page's state.
      var fields = edited.splice(0).filter(function (field) { return field.isConnected; });
      var shown = fields.map(function (field) { return field[keyOf(field)]; });
      for (var f = 0; f < fields.length; f++) tell(fields[f], shown[f]);
      var events = held.splice(0);
      for (var i = 0; i < events.length; i++) {
        var event = events[i];
        if (event.tap) {
          if (event.tap.isConnected) event.tap.click();
          continue;
        }
        if (!event.form.isConnected || typeof event.form.requestSubmit !== 'function') continue;
        var submitter =
          event.submitter && event.submitter.isConnected && event.submitter.form === event.form ? event.submitter : undefined;
        event.form.requestSubmit(submitter);
      }
    },
  };
  function start() {
    if (started) return;
    started = true;
    if (performance.mark) performance.mark('${SCRIPTS_STARTED_MARK}');
    for (var i = 0; i < scripts.length; i++) {
      var script = document.createElement('script');
      if (nonce) script.nonce = nonce;
      if (scripts[i].crossOrigin !== undefined) script.crossOrigin = scripts[i].crossOrigin;
      script.async = false;
      script.setAttribute('src', scripts[i].src);
      document.head.appendChild(script);
    }
  }
  function startWhenReady() { if (painted && parsed) start(); }
  function onParsed() {
    parsed = true;
    startWhenReady();
    setTimeout(start, ${PAINT_WAIT_CAP_MS});
  }
  var paintTiming = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (!paintTiming || document.visibilityState !== 'visible') painted = true;
  else {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      painted = true;
      startWhenReady();
    }).observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', function () { painted = true; startWhenReady(); }, { once: true });
  }
  if (parsed) onParsed();
  else document.addEventListener('DOMContentLoaded', onParsed, { once: true });
})(${htmlEscapeJsonString(JSON.stringify(scripts))});`

interface ScriptProps {
  src?: string
  crossOrigin?: '' | 'anonymous' | 'use-credentials'
  noModule?: boolean
}

/** A script the loader adds (with the loader's own nonce): its address and Next's `crossOrigin`. */
export interface ScriptSource {
  src: string
  crossOrigin?: string
}

/** An external classic script of Next's (its `<script src defer>`; not a `nomodule` polyfill, not an inline one). */
function scriptSourceOf(element: JSX.Element | null): ScriptSource | null {
  if (!isValidElement<ScriptProps>(element) || element.type !== 'script') return null
  const { src, crossOrigin, noModule } = element.props
  if (!src || noModule) return null
  return { src, ...(crossOrigin !== undefined ? { crossOrigin } : {}) }
}

/** The external classic scripts among Next's elements, in their order. */
export function scriptSourcesOf(elements: readonly (JSX.Element | null)[]): ScriptSource[] {
  return elements.map(scriptSourceOf).filter((source): source is ScriptSource => source !== null)
}

/** Next's `<Head>` with the page's scripts started after its first paint (see {@link afterPaintLoader}). */
export class PaintFirstHead extends Head {
  // The dynamic chunks' scripts come first, as in Next's own order; getScripts adds them to the loader's list.
  override getDynamicChunks() {
    return []
  }

  override getScripts(files: DocumentFiles) {
    const elements = [...super.getDynamicChunks(files), ...super.getScripts(files)]
    const scripts = scriptSourcesOf(elements)
    const others = elements.filter((element): element is JSX.Element => element !== null && !scriptSourceOf(element))
    return [
      ...others,
      <script
        key="after-paint-loader"
        nonce={this.props.nonce}
        dangerouslySetInnerHTML={{ __html: afterPaintLoader(scripts) }}
      />,
    ]
  }
}
