import Foundation
import WaterfallCheck

// The page scripts of the web engines: each defines `__wfBuild(input, S)`, which builds one
// FIXTURE-FORMAT input (the canonical compact JSON, lengths in pt; S CSS px per pt) into the page
// and returns its root and parts; the common script defines `__wf(input, S)` (one layout) and
// `__wfBatch(inputs, S)` (many), which answer JSON text (docs/web-engines.md, "Answers"): per
// layout the flat list `[width, height, x, y, w, h, ...]` in px, relative to the layout's root,
// with a frame for each section's header (if the input has one), each item, and its footer (if it
// has one), in input order. docs/web-engines.md states the mapping; the comments below name its
// lines.

extension WebEngine {
    /// Helpers every page shares: px, padding, header/footer blocks, the root, and reading frames.
    ///
    /// Reading: `getBoundingClientRect` is float32, exact for 1/64-px values only below 2^18 px;
    /// an edge (top, bottom) further down is read again with the page scrolled (by a whole number
    /// of px) to just above it, so its viewport coordinate is small and exact, and the scroll
    /// offset is added back; a height is the difference of the two edges.
    ///
    /// Speed (docs/web-engines.md, "Speed"): the CSS engines build each input as one HTML string
    /// (`cellHTML`, `blockHTML`; one parse instead of a DOM call and a `cssText` parse per
    /// element), answers are one `JSON.stringify`'d string (DevTools serialises nested values
    /// slowly), and the page is emptied after reading, so the browser has nothing to paint
    /// between evaluations. A library engine (`__wfReadEach`) lays out and reads each input
    /// alone: its script forces a layout per item, which with every other input's root in the
    /// page cost time growing with the batch.
    static let commonScript = #"""
    window.__wfc = (() => {
      // What every grid item shares, once in a style sheet (parsed once, not per element).
      const sheet = document.createElement('style');
      sheet.textContent = '.wf-cell{margin:0;border:0;box-sizing:border-box;padding:0;min-width:0;min-height:0}';
      (document.head || document.documentElement).appendChild(sheet);
      const px = (v, S) => (v * S) + 'px';
      const insets = (o) => o ? [o.top || 0, o.right || 0, o.bottom || 0, o.left || 0] : [0, 0, 0, 0];
      const padding = (i, S) => i.map(v => px(v, S)).join(' ');
      const reset = 'margin:0;border:0;box-sizing:border-box;';
      // A header or footer: a block padded by its inset, holding the view (its frame).
      const outerCSS = (hf, S) => reset + 'display:flow-root;padding:' + padding(insets(hf.inset), S);
      const innerCSS = (hf, S) => reset + 'padding:0;height:' + px(hf.height, S);
      function block(parent, hf, S) {
        if (!hf) return null;
        const outer = document.createElement('div');
        outer.style.cssText = outerCSS(hf, S);
        const inner = document.createElement('div');
        inner.style.cssText = innerCSS(hf, S);
        outer.appendChild(inner); parent.appendChild(outer);
        return inner;
      }
      // The same block as HTML ('' for none).
      const blockHTML = (hf, S) => hf ? '<div style="' + outerCSS(hf, S) + '"><div style="' + innerCSS(hf, S) + '"></div></div>' : '';
      // A grid item of the CSS engines as HTML: round-robin placements as explicit tracks; a span
      // as `span min(k, n)` (a wider span would add implicit zero-width tracks instead of clamping).
      function cellHTML(it, index, n, L, S) {
        let css = '';
        const k = Math.min(it.span ?? 1, n);
        if (L.placement === 'leftToRight') css += 'grid-column:' + (index % n + 1) + ';';
        else if (L.placement === 'rightToLeft') css += 'grid-column:' + (n - index % n) + ';';
        else if (k > 1) css += 'grid-column:span ' + k + ';';
        if (it.size) css += it.size[1] === 0 ? 'height:0px;' : 'aspect-ratio:' + it.size[0] + ' / ' + it.size[1] + ';';
        else css += 'height:' + px(it.height, S) + ';';
        return '<div class="wf-cell" style="' + css + '"></div>';
      }
      // The root: the collection view's content, W wide, at least the minimum content height.
      function root(L, S) {
        const r = document.createElement('div');
        r.style.cssText = reset + 'position:absolute;left:0;top:0;padding:0;display:flow-root;width:' + px(L.containerWidth, S)
          + ';min-height:' + px(L.minimumContentHeight || 0, S);
        document.body.appendChild(r);
        return r;
      }
      // The parts of a root whose children were built as HTML: per section the header block (if
      // the input has one), the container of the items, the footer block (if it has one).
      function partsOf(rootEl, input) {
        const parts = [];
        let e = rootEl.firstElementChild;
        for (const sec of input.sections) {
          const part = { header: null, items: null, footer: null };
          if (sec.header) { part.header = e.firstElementChild; e = e.nextElementSibling; }
          part.items = e.children; e = e.nextElementSibling;
          if (sec.footer) { part.footer = e.firstElementChild; e = e.nextElementSibling; }
          parts.push(part);
        }
        return parts;
      }
      const NEAR = 131072;
      // The flat answer [width, height, frames...] of a built root; parts[i].items an array or a
      // collection of the items' elements.
      function read(rootEl, parts) {
        const r0 = rootEl.getBoundingClientRect();
        // The bottom of an element taller than NEAR: the top of a zero-height marker at its bottom
        // (its rect's height is float32 of a large value). Lays the page out again: tall elements only.
        const bottomOf = (e) => {
          const m = document.createElement('div');
          m.style.cssText = reset + 'padding:0;position:absolute;left:0;bottom:0;width:0;height:0';
          const position = e.style.position;
          if (e !== rootEl) e.style.position = 'relative';
          e.appendChild(m);
          const y = m.getBoundingClientRect().top;
          let v = y;
          if (Math.abs(y) >= NEAR) {
            window.scrollTo(0, Math.max(0, Math.floor((y - 1024) / 1024) * 1024));
            v = m.getBoundingClientRect().top + window.scrollY;
            window.scrollTo(0, 0);
          }
          m.remove();
          e.style.position = position;
          return v;
        };
        const out = [r0.width, 0];
        // A frame: a far element's top (and its height, then small and exact in the viewport) read
        // with the page scrolled to a whole-px offset just above it.
        const frame = (e) => {
          const r = e.getBoundingClientRect();
          let top = r.top, height = r.height;
          if (Math.abs(r.top) >= NEAR) {
            window.scrollTo(0, Math.max(0, Math.floor((r.top - 1024) / 1024) * 1024));
            const s = e.getBoundingClientRect();
            top = s.top + window.scrollY;
            height = s.height;
            window.scrollTo(0, 0);
          }
          if (height >= NEAR) height = bottomOf(e) - top;
          out.push(r.left - r0.left, top - r0.top, r.width, height);
        };
        for (const p of parts) {
          if (p.header) frame(p.header);
          const items = p.items;
          for (let i = 0; i < items.length; i++) frame(items[i]);
          if (p.footer) frame(p.footer);
        }
        out[1] = r0.height < NEAR ? r0.height : bottomOf(rootEl) - r0.top;
        return out;
      }
      function clear() { document.body.textContent = ''; window.scrollTo(0, 0); }
      // A CSS engine's build: per section a header block, the grid container (its style from
      // `containerCSS(n, L, I, S)`) holding the cells, a footer block; one HTML string per input.
      function buildCSS(input, S, containerCSS) {
        const L = input.layout;
        const rootEl = root(L, S);
        let html = '';
        for (const sec of input.sections) {
          const n = sec.columnCount ?? L.columnCount;
          html += blockHTML(sec.header, S) + '<div style="' + reset + containerCSS(n, L, insets(sec.sectionInset ?? L.sectionInset), S) + '">';
          sec.items.forEach((it, index) => { html += cellHTML(it, index, n, L, S); });
          html += '</div>' + blockHTML(sec.footer, S);
        }
        rootEl.innerHTML = html;
        return { rootEl, parts: partsOf(rootEl, input) };
      }
      // A JavaScript library's build: per section a header block, a container (`containerCSS`)
      // padded by the inset whose items are `span · w + (span - 1) · gap` wide with the row
      // spacing as their margin-bottom (neither library has a vertical gutter), laid out by
      // `layOut(container, w, gap)`, then a footer block.
      function buildLibrary(input, S, containerCSS, layOut) {
        const L = input.layout;
        const rootEl = root(L, S);
        const parts = [];
        for (const sec of input.sections) {
          const n = sec.columnCount ?? L.columnCount;
          const I = insets(sec.sectionInset ?? L.sectionInset);
          const part = { header: block(rootEl, sec.header, S), items: [], footer: null };
          const g = document.createElement('div');
          g.style.cssText = containerCSS + 'padding:' + padding(I, S);
          const W = L.containerWidth * S, gap = L.columnSpacing * S;
          const w = (W - (I[1] + I[3]) * S - (n - 1) * gap) / n;
          for (const it of sec.items) {
            const e = document.createElement('div');
            const k = Math.min(it.span ?? 1, n);
            let css = reset + 'padding:0;min-height:0;width:' + (k * w + (k - 1) * gap) + 'px;margin-bottom:' + px(L.rowSpacing, S) + ';';
            if (it.size) css += it.size[1] === 0 ? 'height:0px;' : 'aspect-ratio:' + it.size[0] + ' / ' + it.size[1] + ';';
            else css += 'height:' + px(it.height, S) + ';';
            e.style.cssText = css;
            e.className = 'wf-item';
            g.appendChild(e);
            part.items.push(e);
          }
          rootEl.appendChild(g);
          layOut(g, w, gap);
          part.footer = block(rootEl, sec.footer, S);
          parts.push(part);
        }
        return { rootEl, parts };
      }
      return { px, insets, padding, reset, block, blockHTML, cellHTML, root, partsOf, read, clear, buildCSS, buildLibrary };
    })();
    // One layout: the page holds this input alone. Answers the JSON text of its flat list.
    window.__wf = function (input, S) {
      const c = window.__wfc;
      c.clear();
      const b = window.__wfBuild(input, S);
      const answer = c.read(b.rootEl, b.parts);
      c.clear();
      return JSON.stringify(answer);
    };
    // A batch: every input's root built into the page (each absolutely placed at 0,0, laid out
    // on its own), then every frame read after one layout of the page; with __wfReadEach each
    // input is built and read with the page holding it alone. Answers the JSON text of a list
    // with, per input, its flat list, or {"error": text} for an input whose script threw (the
    // others are unaffected).
    window.__wfBatch = function (inputs, S) {
      const c = window.__wfc;
      const failed = (e) => ({ error: String(e) });
      c.clear();
      let answers;
      if (window.__wfReadEach) {
        answers = inputs.map(input => {
          try { c.clear(); const b = window.__wfBuild(input, S); return c.read(b.rootEl, b.parts); } catch (e) { return failed(e); }
        });
      } else {
        const built = inputs.map(input => { try { return window.__wfBuild(input, S); } catch (e) { return failed(e); } });
        answers = built.map(b => { if (b.error) return b; try { return c.read(b.rootEl, b.parts); } catch (e) { return failed(e); } });
      }
      c.clear();
      return JSON.stringify(answers);
    };
    """#

    /// CSS grid-lanes: per section a header block, a `display: grid-lanes` container with
    /// `repeat(n, 1fr)` tracks, the gaps, the inset as padding and the tolerance as both
    /// `fit-tolerance` (its name since 2026-08-05) and `flow-tolerance` (before; a browser ignores
    /// the one it does not know; always written: CSS's `normal` is 1em), then a footer block.
    static let gridLanesScript = commonScript + #"""
    window.__wfBuild = (input, S) => window.__wfc.buildCSS(input, S, (n, L, I, S) => {
      const c = window.__wfc;
      return 'display:grid-lanes;width:100%;grid-template-columns:repeat(' + n + ',1fr)'
        + ';column-gap:' + c.px(L.columnSpacing, S) + ';row-gap:' + c.px(L.rowSpacing, S)
        + ';padding:' + c.padding(I, S) + ';fit-tolerance:' + c.px(L.tieTolerance, S) + ';flow-tolerance:' + c.px(L.tieTolerance, S);
    });
    """#

    /// masonry.js (3.x and 4.x API): per section a header block, a container padded by the inset
    /// with one Masonry instance (`columnWidth` §5's w, `gutter` the column spacing, no
    /// transitions, no resize binding), items `span · w + (span - 1) · gutter` wide with the row
    /// spacing as their `margin-bottom` (masonry.js has no vertical gutter), then a footer block.
    static let masonryScript = commonScript + #"""
    window.__wfReadEach = true;
    window.__wfBuild = (input, S) => window.__wfc.buildLibrary(input, S, window.__wfc.reset + 'position:relative;width:100%;', (g, w, gap) => {
      new Masonry(g, { itemSelector: '.wf-item', columnWidth: w, gutter: gap, transitionDuration: 0,
                       isResizeBound: false, resize: false, isInitLayout: true, initLayout: true });
    });
    """#

    /// The older CSS masonry (Gecko, WebKitGTK 2.50): per section a header block, a
    /// `display: grid` container with `repeat(n, 1fr)` columns and `grid-template-rows: masonry`,
    /// the gaps, the inset as padding, then a footer block; items as for grid-lanes (a span as
    /// `span min(k, n)`, round-robin as explicit tracks). No tolerance property: ties are exact
    /// and go to the start-most track.
    static let cssMasonryScript = commonScript + #"""
    window.__wfBuild = (input, S) => window.__wfc.buildCSS(input, S, (n, L, I, S) => {
      const c = window.__wfc;
      return 'display:grid;width:100%;grid-template-columns:repeat(' + n + ',1fr);grid-template-rows:masonry'
        + ';column-gap:' + c.px(L.columnSpacing, S) + ';row-gap:' + c.px(L.rowSpacing, S) + ';padding:' + c.padding(I, S);
    });
    """#

    /// jQuery Masonry 2 (`$.fn.masonry`): as masonry.js (per section a header block, a container
    /// padded by the inset, items `span · w + (span - 1) · gutter` wide with the row spacing as
    /// their `margin-bottom`), with `columnWidth` §5's w and `gutterWidth` the column spacing, no
    /// animation, no resize binding, then a footer block.
    static let jqueryMasonryScript = commonScript + #"""
    window.__wfReadEach = true;
    // content-box: jQuery's css('height', h) sets the content height, as the plugin means.
    window.__wfBuild = (input, S) => window.__wfc.buildLibrary(input, S, 'margin:0;border:0;box-sizing:content-box;position:relative;', (g, w, gap) => {
      jQuery(g).masonry({ itemSelector: '.wf-item', columnWidth: w, gutterWidth: gap, isAnimated: false, isResizable: false });
    });
    """#
}
