// Built by frontend/build.mjs from frontend/src (edit those, then run `make bundle`).
// It includes d3-hierarchy, under this licence:
//   Copyright 2010-2026 Mike Bostock
//
//   Permission to use, copy, modify, and/or distribute this software for any purpose
//   with or without fee is hereby granted, provided that the above copyright notice
//   and this permission notice appear in all copies.
//
//   THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES WITH
//   REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF MERCHANTABILITY AND
//   FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY SPECIAL, DIRECT,
//   INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS
//   OF USE, DATA OR PROFITS, WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER
//   TORTIOUS ACTION, ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF
//   THIS SOFTWARE.
(() => {
  // shared:lazytreeBoards
  var { Board, SCHEMA, ServerService, WorkerService, boardSvg, cellAtPoint, cellClass, clickCell, describeCell, esc, geometry, hasCells, marksOf, moveButton, moveButtonNodes, moveButtons, movesFrom, openService, playerLetter, readPalette, step, textBoard, textMarkup, unpack, withDelta } = lazytreeBoards;

  // frontend/src/explorer/connection.ts
  async function postForce(url, request) {
    try {
      const answer = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request)
      });
      return await answer.json();
    } catch (error) {
      return { error: `the request failed: ${String(error)}` };
    }
  }

  // frontend/src/boards.ts
  function unpack2(layout2, packed) {
    return unpack(layout2, packed);
  }
  function boardSvg2(doc, options) {
    return boardSvg(doc, options);
  }

  // node_modules/d3-hierarchy/dist/d3-hierarchy.mjs
  function count(node) {
    var sum = 0, children = node.children, i = children && children.length;
    if (!i) sum = 1;
    else while (--i >= 0) sum += children[i].value;
    node.value = sum;
  }
  function node_count() {
    return this.eachAfter(count);
  }
  function node_each(callback, that) {
    let index = -1;
    for (const node of this) {
      callback.call(that, node, ++index, this);
    }
    return this;
  }
  function node_eachBefore(callback, that) {
    var node = this, nodes = [node], children, i, index = -1;
    while (node = nodes.pop()) {
      callback.call(that, node, ++index, this);
      if (children = node.children) {
        for (i = children.length - 1; i >= 0; --i) {
          nodes.push(children[i]);
        }
      }
    }
    return this;
  }
  function node_eachAfter(callback, that) {
    var node = this, nodes = [node], next = [], children, i, n, index = -1;
    while (node = nodes.pop()) {
      next.push(node);
      if (children = node.children) {
        for (i = 0, n = children.length; i < n; ++i) {
          nodes.push(children[i]);
        }
      }
    }
    while (node = next.pop()) {
      callback.call(that, node, ++index, this);
    }
    return this;
  }
  function node_find(callback, that) {
    let index = -1;
    for (const node of this) {
      if (callback.call(that, node, ++index, this)) {
        return node;
      }
    }
  }
  function node_sum(value) {
    return this.eachAfter(function(node) {
      var sum = +value(node.data) || 0, children = node.children, i = children && children.length;
      while (--i >= 0) sum += children[i].value;
      node.value = sum;
    });
  }
  function node_sort(compare) {
    return this.eachBefore(function(node) {
      if (node.children) {
        node.children.sort(compare);
      }
    });
  }
  function node_path(end) {
    var start2 = this, ancestor = leastCommonAncestor(start2, end), nodes = [start2];
    while (start2 !== ancestor) {
      start2 = start2.parent;
      nodes.push(start2);
    }
    var k = nodes.length;
    while (end !== ancestor) {
      nodes.splice(k, 0, end);
      end = end.parent;
    }
    return nodes;
  }
  function leastCommonAncestor(a, b) {
    if (a === b) return a;
    var aNodes = a.ancestors(), bNodes = b.ancestors(), c = null;
    a = aNodes.pop();
    b = bNodes.pop();
    while (a === b) {
      c = a;
      a = aNodes.pop();
      b = bNodes.pop();
    }
    return c;
  }
  function node_ancestors() {
    var node = this, nodes = [node];
    while (node = node.parent) {
      nodes.push(node);
    }
    return nodes;
  }
  function node_descendants() {
    return Array.from(this);
  }
  function node_leaves() {
    var leaves = [];
    this.eachBefore(function(node) {
      if (!node.children) {
        leaves.push(node);
      }
    });
    return leaves;
  }
  function node_links() {
    var root = this, links = [];
    root.each(function(node) {
      if (node !== root) {
        links.push({ source: node.parent, target: node });
      }
    });
    return links;
  }
  function* node_iterator() {
    var node = this, current, next = [node], children, i, n;
    do {
      current = next.reverse(), next = [];
      while (node = current.pop()) {
        yield node;
        if (children = node.children) {
          for (i = 0, n = children.length; i < n; ++i) {
            next.push(children[i]);
          }
        }
      }
    } while (next.length);
  }
  function hierarchy(data, children) {
    if (data instanceof Map) {
      data = [void 0, data];
      if (children === void 0) children = mapChildren;
    } else if (children === void 0) {
      children = objectChildren;
    }
    var root = new Node$1(data), node, nodes = [root], child, childs, i, n;
    while (node = nodes.pop()) {
      if ((childs = children(node.data)) && (n = (childs = Array.from(childs)).length)) {
        node.children = childs;
        for (i = n - 1; i >= 0; --i) {
          nodes.push(child = childs[i] = new Node$1(childs[i]));
          child.parent = node;
          child.depth = node.depth + 1;
        }
      }
    }
    return root.eachBefore(computeHeight);
  }
  function node_copy() {
    return hierarchy(this).eachBefore(copyData);
  }
  function objectChildren(d) {
    return d.children;
  }
  function mapChildren(d) {
    return Array.isArray(d) ? d[1] : null;
  }
  function copyData(node) {
    if (node.data.value !== void 0) node.value = node.data.value;
    node.data = node.data.data;
  }
  function computeHeight(node) {
    var height = 0;
    do
      node.height = height;
    while ((node = node.parent) && node.height < ++height);
  }
  function Node$1(data) {
    this.data = data;
    this.depth = this.height = 0;
    this.parent = null;
  }
  Node$1.prototype = hierarchy.prototype = {
    constructor: Node$1,
    count: node_count,
    each: node_each,
    eachAfter: node_eachAfter,
    eachBefore: node_eachBefore,
    find: node_find,
    sum: node_sum,
    sort: node_sort,
    path: node_path,
    ancestors: node_ancestors,
    descendants: node_descendants,
    leaves: node_leaves,
    links: node_links,
    copy: node_copy,
    [Symbol.iterator]: node_iterator
  };
  function treemapDice(parent, x0, y0, x1, y1) {
    var nodes = parent.children, node, i = -1, n = nodes.length, k = parent.value && (x1 - x0) / parent.value;
    while (++i < n) {
      node = nodes[i], node.y0 = y0, node.y1 = y1;
      node.x0 = x0, node.x1 = x0 += node.value * k;
    }
  }
  function defaultSeparation(a, b) {
    return a.parent === b.parent ? 1 : 2;
  }
  function nextLeft(v) {
    var children = v.children;
    return children ? children[0] : v.t;
  }
  function nextRight(v) {
    var children = v.children;
    return children ? children[children.length - 1] : v.t;
  }
  function moveSubtree(wm, wp, shift) {
    var change = shift / (wp.i - wm.i);
    wp.c -= change;
    wp.s += shift;
    wm.c += change;
    wp.z += shift;
    wp.m += shift;
  }
  function executeShifts(v) {
    var shift = 0, change = 0, children = v.children, i = children.length, w;
    while (--i >= 0) {
      w = children[i];
      w.z += shift;
      w.m += shift;
      shift += w.s + (change += w.c);
    }
  }
  function nextAncestor(vim, v, ancestor) {
    return vim.a.parent === v.parent ? vim.a : ancestor;
  }
  function TreeNode(node, i) {
    this._ = node;
    this.parent = null;
    this.children = null;
    this.A = null;
    this.a = this;
    this.z = 0;
    this.m = 0;
    this.c = 0;
    this.s = 0;
    this.t = null;
    this.i = i;
  }
  TreeNode.prototype = Object.create(Node$1.prototype);
  function treeRoot(root) {
    var tree2 = new TreeNode(root, 0), node, nodes = [tree2], child, children, i, n;
    while (node = nodes.pop()) {
      if (children = node._.children) {
        node.children = new Array(n = children.length);
        for (i = n - 1; i >= 0; --i) {
          nodes.push(child = node.children[i] = new TreeNode(children[i], i));
          child.parent = node;
        }
      }
    }
    (tree2.parent = new TreeNode(null, 0)).children = [tree2];
    return tree2;
  }
  function tree() {
    var separation = defaultSeparation, dx = 1, dy = 1, nodeSize = null;
    function tree2(root) {
      var t = treeRoot(root);
      t.eachAfter(firstWalk), t.parent.m = -t.z;
      t.eachBefore(secondWalk);
      if (nodeSize) root.eachBefore(sizeNode);
      else {
        var left = root, right = root, bottom = root;
        root.eachBefore(function(node) {
          if (node.x < left.x) left = node;
          if (node.x > right.x) right = node;
          if (node.depth > bottom.depth) bottom = node;
        });
        var s = left === right ? 1 : separation(left, right) / 2, tx = s - left.x, kx = dx / (right.x + s + tx), ky = dy / (bottom.depth || 1);
        root.eachBefore(function(node) {
          node.x = (node.x + tx) * kx;
          node.y = node.depth * ky;
        });
      }
      return root;
    }
    function firstWalk(v) {
      var children = v.children, siblings = v.parent.children, w = v.i ? siblings[v.i - 1] : null;
      if (children) {
        executeShifts(v);
        var midpoint = (children[0].z + children[children.length - 1].z) / 2;
        if (w) {
          v.z = w.z + separation(v._, w._);
          v.m = v.z - midpoint;
        } else {
          v.z = midpoint;
        }
      } else if (w) {
        v.z = w.z + separation(v._, w._);
      }
      v.parent.A = apportion(v, w, v.parent.A || siblings[0]);
    }
    function secondWalk(v) {
      v._.x = v.z + v.parent.m;
      v.m += v.parent.m;
    }
    function apportion(v, w, ancestor) {
      if (w) {
        var vip = v, vop = v, vim = w, vom = vip.parent.children[0], sip = vip.m, sop = vop.m, sim = vim.m, som = vom.m, shift;
        while (vim = nextRight(vim), vip = nextLeft(vip), vim && vip) {
          vom = nextLeft(vom);
          vop = nextRight(vop);
          vop.a = v;
          shift = vim.z + sim - vip.z - sip + separation(vim._, vip._);
          if (shift > 0) {
            moveSubtree(nextAncestor(vim, v, ancestor), v, shift);
            sip += shift;
            sop += shift;
          }
          sim += vim.m;
          sip += vip.m;
          som += vom.m;
          sop += vop.m;
        }
        if (vim && !nextRight(vop)) {
          vop.t = vim;
          vop.m += sim - sop;
        }
        if (vip && !nextLeft(vom)) {
          vom.t = vip;
          vom.m += sip - som;
          ancestor = v;
        }
      }
      return ancestor;
    }
    function sizeNode(node) {
      node.x *= dx;
      node.y = node.depth * dy;
    }
    tree2.separation = function(x) {
      return arguments.length ? (separation = x, tree2) : separation;
    };
    tree2.size = function(x) {
      return arguments.length ? (nodeSize = false, dx = +x[0], dy = +x[1], tree2) : nodeSize ? null : [dx, dy];
    };
    tree2.nodeSize = function(x) {
      return arguments.length ? (nodeSize = true, dx = +x[0], dy = +x[1], tree2) : nodeSize ? [dx, dy] : null;
    };
    return tree2;
  }
  function treemapSlice(parent, x0, y0, x1, y1) {
    var nodes = parent.children, node, i = -1, n = nodes.length, k = parent.value && (y1 - y0) / parent.value;
    while (++i < n) {
      node = nodes[i], node.x0 = x0, node.x1 = x1;
      node.y0 = y0, node.y1 = y0 += node.value * k;
    }
  }
  var phi = (1 + Math.sqrt(5)) / 2;
  function squarifyRatio(ratio, parent, x0, y0, x1, y1) {
    var rows = [], nodes = parent.children, row, nodeValue, i0 = 0, i1 = 0, n = nodes.length, dx, dy, value = parent.value, sumValue, minValue, maxValue, newRatio, minRatio, alpha, beta;
    while (i0 < n) {
      dx = x1 - x0, dy = y1 - y0;
      do
        sumValue = nodes[i1++].value;
      while (!sumValue && i1 < n);
      minValue = maxValue = sumValue;
      alpha = Math.max(dy / dx, dx / dy) / (value * ratio);
      beta = sumValue * sumValue * alpha;
      minRatio = Math.max(maxValue / beta, beta / minValue);
      for (; i1 < n; ++i1) {
        sumValue += nodeValue = nodes[i1].value;
        if (nodeValue < minValue) minValue = nodeValue;
        if (nodeValue > maxValue) maxValue = nodeValue;
        beta = sumValue * sumValue * alpha;
        newRatio = Math.max(maxValue / beta, beta / minValue);
        if (newRatio > minRatio) {
          sumValue -= nodeValue;
          break;
        }
        minRatio = newRatio;
      }
      rows.push(row = { value: sumValue, dice: dx < dy, children: nodes.slice(i0, i1) });
      if (row.dice) treemapDice(row, x0, y0, x1, value ? y0 += dy * sumValue / value : y1);
      else treemapSlice(row, x0, y0, value ? x0 += dx * sumValue / value : x1, y1);
      value -= sumValue, i0 = i1;
    }
    return rows;
  }
  var squarify = (function custom(ratio) {
    function squarify2(parent, x0, y0, x1, y1) {
      squarifyRatio(ratio, parent, x0, y0, x1, y1);
    }
    squarify2.ratio = function(x) {
      return custom((x = +x) > 1 ? x : 1);
    };
    return squarify2;
  })(phi);
  var resquarify = (function custom2(ratio) {
    function resquarify2(parent, x0, y0, x1, y1) {
      if ((rows = parent._squarify) && rows.ratio === ratio) {
        var rows, row, nodes, i, j = -1, n, m = rows.length, value = parent.value;
        while (++j < m) {
          row = rows[j], nodes = row.children;
          for (i = row.value = 0, n = nodes.length; i < n; ++i) row.value += nodes[i].value;
          if (row.dice) treemapDice(row, x0, y0, x1, value ? y0 += (y1 - y0) * row.value / value : y1);
          else treemapSlice(row, x0, y0, value ? x0 += (x1 - x0) * row.value / value : x1, y1);
          value -= row.value;
        }
      } else {
        parent._squarify = rows = squarifyRatio(ratio, parent, x0, y0, x1, y1);
        rows.ratio = ratio;
      }
    }
    resquarify2.ratio = function(x) {
      return custom2((x = +x) > 1 ? x : 1);
    };
    return resquarify2;
  })(phi);

  // frontend/src/explorer/format.ts
  function plural(n, word, words = `${word}s`) {
    return `${n.toLocaleString("en")} ${n === 1 ? word : words}`;
  }
  function fmt(v) {
    if (v === null || v === void 0) return "";
    const a = Math.abs(v);
    if (a !== 0 && (a < 1e-3 || a >= 1e6)) return v.toExponential(2);
    return String(Math.round(v * 1e3) / 1e3);
  }
  function boundSign(bound2) {
    return bound2 === ">" ? "≥" : bound2 === "<" ? "≤" : "";
  }
  function valueLabel(v, bound2) {
    return v === null ? "" : `${boundSign(bound2)}${fmt(v)}`;
  }

  // frontend/src/explorer/layout.ts
  var UNFORCED_FEW = 2;
  var BEST_FEW = 3;
  var ROW = 22;
  var COLUMN = 190;
  var STEP_COLUMN = 250;
  var MARGIN = 16;
  function isOpen(view, i) {
    if (view.practice) return true;
    if (view.steps) return view.steps.seen.has(i);
    return view.replay ? view.replay.open.has(i) : view.open.has(i);
  }
  function visibleKids(model, view, i) {
    const steps = view.steps;
    if (view.practice) return model.kids[i];
    if (steps) return model.kids[i].filter((e) => steps.seen.has(e.c));
    if (view.replay) {
      const { rankOf } = model.creation();
      const step2 = view.replay.step;
      return model.kids[i].filter((e) => rankOf[e.c] <= step2);
    }
    const best = model.best(i);
    if (view.showAll.has(i) || best.length <= BEST_FEW + 1) return model.kids[i];
    const out = best.slice(0, BEST_FEW);
    for (const e of best.slice(BEST_FEW))
      if (model.pvSet.has(e.c) || view.matchSet.has(e.c) || view.open.has(e.c) || e.c === view.selected)
        out.push(e);
    return out.sort((a, b) => a.k - b.k);
  }
  function buildItems(model, view, i = 0) {
    const children = [];
    const item = { kind: "node", i, children };
    if (!isOpen(view, i)) return item;
    const kids = visibleKids(model, view, i);
    for (const e of kids) children.push(buildItems(model, view, e.c));
    if (view.steps) {
      const never2 = model.data.never[i];
      if (view.steps.cut.has(i) && never2 > 0) children.push({ kind: "never", i, count: never2 });
      return item;
    }
    if (view.replay) return item;
    const hidden = model.kids[i].length - kids.length;
    if (hidden > 0) children.push({ kind: "more", i, count: hidden });
    for (const e of model.links[i]) children.push({ kind: "link", i, c: e.c, m: e.m });
    const unforced = model.unforced[i];
    if (unforced.length > UNFORCED_FEW && !view.showUnforced.has(i))
      children.push({ kind: "unforcedGroup", i, count: unforced.length });
    else for (const e of unforced) children.push({ kind: "unforced", i, m: e.m, k: e.k });
    const never = model.data.never[i];
    if (never > 0) children.push({ kind: "never", i, count: never });
    return item;
  }
  function layout(root, column = COLUMN) {
    const h = hierarchy(root, (d) => d.kind === "node" ? d.children : void 0);
    const laid = tree().nodeSize([ROW, column]).separation((a, b) => a.parent === b.parent ? 1 : 1.3)(h);
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = 0;
    laid.each((d) => {
      minX = Math.min(minX, d.x);
      maxX = Math.max(maxX, d.x);
      maxY = Math.max(maxY, d.y);
    });
    const oy = -minX + MARGIN;
    const placed = [];
    const byNode = /* @__PURE__ */ new Map();
    laid.each((d) => {
      const p = {
        item: d.data,
        x: d.y + MARGIN,
        y: d.x + oy,
        parent: d.parent ? byNode.get(d.parent) ?? null : null
      };
      byNode.set(d, p);
      placed.push(p);
    });
    return { placed, width: maxY + column + 40, height: maxX - minX + 40 };
  }
  function labelWidth(model, it, view) {
    if (it.kind !== "node") return 5;
    const i = it.i;
    const steps = view?.steps;
    if (steps) {
      const move = (i === 0 ? "root" : model.move(i)).length * 7.2;
      const known = steps.known.get(i);
      const value = known ? 6 + (fmt(known.value).length + 2) * 6.4 : 0;
      const w = steps.active.has(i) || i === steps.node ? 90 : 0;
      return Math.min(STEP_COLUMN - 30, 14 + move + value + w);
    }
    const v = model.data.value[i];
    const text = (i === 0 ? "root" : model.move(i)).length * 7.2;
    const visitsIn = model.visitsIn;
    const visits = visitsIn && visitsIn[i] > 0 ? 8 + String(visitsIn[i]).length * 6 : 0;
    return Math.min(
      COLUMN - 30,
      14 + text + visits + (v === null ? 0 : 6 + (fmt(v).length + 1) * 6.4)
    );
  }
  var SPREAD = 56;
  var LEVEL = 100;
  function allItems(model, i = 0) {
    const children = model.kids[i].map((e) => allItems(model, e.c));
    const never = model.data.never[i];
    if (never > 0) children.push({ kind: "never", i, count: never });
    return { kind: "node", i, children };
  }
  function layoutDown(root) {
    const h = hierarchy(root, (d) => d.kind === "node" ? d.children : void 0);
    const laid = tree().nodeSize([SPREAD, LEVEL]).separation((a, b) => a.parent === b.parent ? 1 : 1.2)(h);
    let minX = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = 0;
    laid.each((d) => {
      minX = Math.min(minX, d.x);
      maxX = Math.max(maxX, d.x);
      maxY = Math.max(maxY, d.y);
    });
    const placed = [];
    const byNode = /* @__PURE__ */ new Map();
    const ox = -minX + MARGIN + SPREAD;
    laid.each((d) => {
      const p = {
        item: d.data,
        x: d.x + ox,
        y: d.y + MARGIN + 12,
        parent: d.parent ? byNode.get(d.parent) ?? null : null
      };
      byNode.set(d, p);
      placed.push(p);
    });
    const width = maxX - minX + 2 * (MARGIN + SPREAD);
    return { placed, width, height: maxY + MARGIN + 12 + 70 };
  }
  function itemKey(it) {
    return `${it.kind}:${it.i}`;
  }
  function placeAs(shown, whole) {
    const at = /* @__PURE__ */ new Map();
    for (const p of whole.placed) at.set(itemKey(p.item), p);
    const placed = [];
    const stack = [[shown, null]];
    while (stack.length) {
      const [it, parent] = stack.pop();
      const found = at.get(itemKey(it));
      if (!found) continue;
      const p = { item: it, x: found.x, y: found.y, parent };
      placed.push(p);
      if (it.kind === "node") for (const c of it.children) stack.push([c, p]);
    }
    return { placed, width: whole.width, height: whole.height };
  }

  // frontend/src/explorer/steps.ts
  function boundSign2(c) {
    if (c === "<") return "≤";
    if (c === ">") return "≥";
    if (c === "=") return "";
    return null;
  }
  function stepCount(steps) {
    return steps ? steps.node.length : 0;
  }
  function alphaOf(steps, k) {
    return steps.alpha[k] ?? Number.NEGATIVE_INFINITY;
  }
  function betaOf(steps, k) {
    return steps.beta[k] ?? Number.POSITIVE_INFINITY;
  }
  function maximizing(model, i) {
    return model.data.player[i] === (model.data.summary.player ?? 0);
  }
  function stepState(model, steps, k) {
    const n = stepCount(steps);
    const last = Math.max(0, Math.min(n - 1, k));
    const seen = /* @__PURE__ */ new Set([0]);
    const active = /* @__PURE__ */ new Set();
    const window2 = /* @__PURE__ */ new Map();
    const entered = /* @__PURE__ */ new Map();
    const known = /* @__PURE__ */ new Map();
    const cut = /* @__PURE__ */ new Set();
    for (let s = 0; s <= last && s < n; s++) {
      const i = steps.node[s];
      const a = alphaOf(steps, s);
      const b = betaOf(steps, s);
      const v = steps.value[s];
      seen.add(i);
      window2.set(i, [a, b]);
      switch (steps.event[s]) {
        case "e":
          active.add(i);
          entered.set(i, [a, b]);
          known.delete(i);
          break;
        case "l":
          active.delete(i);
          if (v !== null) known.set(i, { value: v, sign: "", final: true });
          break;
        case "u":
        case "c":
          if (v !== null) {
            const chance = model.data.player[i] < 0;
            const cutSign = steps.event[s] === "c" ? boundSign2(steps.bound?.[s]) : null;
            const sign = cutSign ?? (chance ? "Σ" : maximizing(model, i) ? "≥" : "≤");
            known.set(i, { value: v, sign, final: false });
          }
          if (steps.event[s] === "c") cut.add(i);
          break;
        case "x": {
          active.delete(i);
          const [a0, b0] = entered.get(i) ?? [a, b];
          if (v !== null) {
            const sign = boundSign2(steps.bound?.[s]) ?? (v <= a0 ? "≤" : v >= b0 ? "≥" : "");
            known.set(i, { value: v, sign, final: true });
          }
          break;
        }
      }
    }
    const node = n ? steps.node[last] : 0;
    const event = n ? steps.event[last] : "";
    let backup = -1;
    if (event === "u" && last > 0) {
      const child = steps.node[last - 1];
      if (model.data.parent[child] === node) backup = child;
    }
    return { k: last, node, event, seen, active, window: window2, known, cut, backup };
  }
  function bound(v) {
    if (v === Number.NEGATIVE_INFINITY) return "−∞";
    if (v === Number.POSITIVE_INFINITY) return "∞";
    return fmt(v);
  }
  function windowText(w) {
    return w ? `α=${bound(w[0])} β=${bound(w[1])}` : "";
  }
  function knownText(k) {
    return k ? `${k.sign}${fmt(k.value)}` : "";
  }
  function sumText(terms, total, assumed = false, sign = "") {
    if (!terms?.length) return "";
    const parts = terms.map(([p, v]) => `${fmt(p)}×${fmt(v)}`);
    if (assumed) {
      const [p, v] = terms[terms.length - 1];
      const at = sign === "≥" ? "worst" : "best";
      parts[parts.length - 1] = `${fmt(p)}×${fmt(v)} (not searched: at their ${at}, ${fmt(v)})`;
    }
    return `${parts.join(" + ")}${total === null ? "" : ` = ${fmt(total)}`}`;
  }
  function isAssumed(steps, k) {
    return steps.assumed?.includes(k) ?? false;
  }
  function describeStep(model, steps, state) {
    const k = state.k;
    const i = state.node;
    const where = i === 0 ? "root" : model.line(i).join(" ");
    const kind = model.data.player[i] < 0 ? "chance" : maximizing(model, i) ? "MAX" : "MIN";
    const w = windowText(state.window.get(i));
    const v = steps.value[k];
    const cut = steps.truncated && k === stepCount(steps) - 1 ? " (the recording stops here)" : "";
    const quiet = steps.quiescence?.includes(k) ?? false;
    const head = `step ${k + 1} of ${stepCount(steps)}${cut}: ${quiet ? "quiescence: " : ""}`;
    const terms = steps.terms ? steps.terms[k] : null;
    switch (state.event) {
      case "e":
        return `${head}enter ${where} (${kind}) with ${w}`;
      case "l":
        return `${head}leaf ${where} evaluated: ${fmt(v)} (${w})`;
      case "u": {
        const from = state.backup >= 0 ? ` (${fmt(state.known.get(state.backup)?.value)} backed up from ${model.move(state.backup)})` : quiet ? " (standing pat: its own evaluation; a noisy move must beat it)" : "";
        if (terms) return `${head}${where} (chance): ${sumText(terms, null)} so far${from}`;
        return `${head}${where} (${kind}) value so far ${knownText(state.known.get(i))}${from}; now ${w}`;
      }
      case "c": {
        const never = model.data.never[i];
        const rest = never > 0 ? `: ${never} move${never === 1 ? "" : "s"} never generated` : "";
        const [a, b] = state.window.get(i) ?? [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
        if (terms) {
          const sign = state.known.get(i)?.sign ?? "≤";
          const test2 = sign === "≥" ? `≥ β=${bound(b)}` : `≤ α=${bound(a)}`;
          const sum = sumText(terms, v, isAssumed(steps, k), sign);
          return `${head}cut-off at ${where} (chance, Star1): ${sum} ${test2}, so ${where} is worth ${sign === "≥" ? "at least" : "at most"} ${fmt(v)}${rest}`;
        }
        const test = kind === "MAX" ? `≥ β=${bound(b)}` : `≤ α=${bound(a)}`;
        return `${head}cut-off at ${where} (${kind}): value ${fmt(v)} ${test} (${w})${rest}`;
      }
      case "x": {
        const known = state.known.get(i);
        const text = knownText(known);
        const what = known?.sign === "≤" ? " (at most: it failed low)" : known?.sign === "≥" ? " (at least: it failed high)" : "";
        if (terms) {
          const sum = sumText(terms, v, isAssumed(steps, k), known?.sign ?? "");
          return `${head}leave ${where} (chance): ${sum}${what}`;
        }
        return `${head}leave ${where} (${kind}) with value ${text}${what}`;
      }
    }
    return head;
  }

  // frontend/src/explorer/render.ts
  function summaryText(model) {
    const s = model.data.summary;
    const parts = [plural(s.positions, "position")];
    const hit = s.positionBook?.status === "hit";
    const how = s.playouts !== void 0 ? ` (${plural(s.playouts, "playout")})` : s.depth === null ? " (whole game)" : ` to depth ${s.depth}`;
    if (s.forced !== void 0 && !hit)
      parts.push(`${s.forced.toLocaleString("en")} forced by ${s.rater}${how}`);
    if (s.evaluations !== void 0 && !hit)
      parts.push(`${plural(s.evaluations, "leaf", "leaves")} evaluated`);
    parts.push(`${s.expanded.toLocaleString("en")} expanded`);
    parts.push(`${s.unforced.toLocaleString("en")} generated but never forced`);
    if (s.never !== null) parts.push(`${plural(s.never, "move")} never generated`);
    if (s.shared) parts.push(`${plural(s.shared, "shared position")}`);
    if (s.positionBook) {
      const b = s.positionBook;
      if (b.status === "hit")
        parts.push(
          `${plural(s.positionBookHits, "position book hit")}: ${b.move} (searched ${b.depth === null ? "to the end" : `to depth ${b.depth}`} before, used ${plural(b.uses, "time")})`
        );
      else
        parts.push(
          b.status === "miss" ? "0 position book hits: not in it, searched and stored" : "0 position book hits: the position book was off"
        );
    }
    if (s.value !== void 0 && s.player !== void 0)
      parts.push(`value ${fmt(s.value)} for ${model.playerName(s.player)}`);
    if (s.pvMoves.length) parts.push(`PV ${s.pvMoves.join(" ")}`);
    return parts.join(" · ");
  }
  function valuesDepthText(model) {
    const d = model.data;
    const s = d.summary;
    if (d.visits || s.playouts !== void 0) return "";
    let deepest = -1;
    for (let i = 0; i < model.n; i++)
      if (d.value[i] !== null && d.rdepth[i] >= 0)
        deepest = Math.max(deepest, model.depth[i] + d.rdepth[i]);
    if (deepest < 0 || deepest > 1e4) return "";
    const answer = s.depth;
    if (answer === void 0 || answer === null) return `· values: a depth-${deepest} search`;
    if (deepest > answer)
      return `· values: the depth-${answer} answer, except where the depth-${deepest} pass (cut short) reached: its values there`;
    return `· values: the depth-${answer} search`;
  }
  function treeMarkup(model, view, laid, live, current) {
    const links = [];
    const nodes = [];
    for (const d of laid.placed) {
      const it = d.item;
      const { x, y } = d;
      if (d.parent) {
        const parent = d.parent;
        const px = parent.x + labelWidth(model, parent.item, view);
        const py = parent.y;
        const mx = (px + x) / 2;
        const pv = it.kind === "node" && model.pvSet.has(it.i) && parent.item.kind === "node" && model.pvSet.has(parent.item.i);
        let cls = `lt-link${pv && !view.steps ? " lt-pv" : ""}${it.kind === "unforced" || it.kind === "link" ? " lt-dashed" : ""}${it.kind === "never" || it.kind === "more" ? " lt-faint" : ""}`;
        const steps = view.steps;
        if (steps && it.kind === "node") {
          if (steps.active.has(it.i) || it.i === steps.node) cls += " lt-on-path";
          if (it.i === steps.backup) cls += " lt-backup";
        }
        if (steps && it.kind === "never") cls += " lt-cut-branch";
        if (view.present) {
          const from = parent.y + UNDER_TEXT;
          const top = it.kind === "node" ? y - 12 : y - 14;
          const my = (from + top) / 2;
          links.push(
            `<path class="${cls}" d="M${parent.x},${from}C${parent.x},${my} ${x},${my} ${x},${top}"/>`
          );
        } else
          links.push(`<path class="${cls}" d="M${px},${py}C${mx},${py} ${mx},${y} ${x - 5},${y}"/>`);
      }
      nodes.push(itemMarkup(model, view, it, x, y, current, live));
    }
    return `<g class="lt-links">${links.join("")}</g><g class="lt-nodes">${nodes.join("")}</g>`;
  }
  var UNDER_TEXT = 54;
  function textAt(view) {
    return view.present ? 'x="0" y="27" text-anchor="middle"' : 'x="9" y="4"';
  }
  function playerClass(p) {
    return p < 0 ? "lt-chance" : `lt-p${p % 8}`;
  }
  function itemMarkup(model, view, it, x, y, current, live) {
    const t = `transform="translate(${x.toFixed(1)},${y.toFixed(1)})"`;
    switch (it.kind) {
      case "node":
        return nodeMarkup(model, view, it.i, t, current);
      case "unforced":
        return `<g class="lt-stub lt-unforced" data-edge="${it.i}:${it.k}" ${t}><circle r="5"/><text ${textAt(view)}>${esc(model.strings[it.m])} <tspan class="lt-val">not forced</tspan></text><title>generated but never forced${live ? ": click to force it and search below it" : ""}</title></g>`;
      case "unforcedGroup":
        return `<g class="lt-stub lt-unforced" data-unforced="${it.i}" ${t}><circle r="5"/><text ${textAt(view)}>${plural(it.count, "move")} not forced</text><title>${plural(it.count, "move")} generated but never forced: click to list them</title></g>`;
      case "link":
        return `<g class="lt-stub lt-link-stub" data-link="${it.c}" ${t}><text x="-4" y="4">⤳ ${esc(model.strings[it.m])} <tspan class="lt-val">(shared)</tspan></text><title>a transposition: the same position as ${esc(model.line(it.c).join(" "))}; click to go there</title></g>`;
      case "never":
        if (view.present)
          return `<g class="lt-stub lt-never${view.steps ? " lt-cut-branch" : ""}" data-never="${it.i}" ${t}><text x="0" y="0" text-anchor="middle">✂ ${plural(it.count, "move")}<tspan x="0" dy="1.2em">never generated</tspan></text></g>`;
        return `<g class="lt-stub lt-never${view.steps ? " lt-cut-branch" : ""}" data-never="${it.i}" ${t}><text x="-4" y="4">${plural(it.count, "move")} never generated</text><title>a cut-off stopped the move generator before these${live ? ": click to generate them" : ""}</title></g>`;
      case "more":
        return `<g class="lt-stub lt-more" data-more="${it.i}" ${t}><text x="-4" y="4">+${it.count} more…</text></g>`;
    }
  }
  function stepNodeMarkup(model, view, i, t) {
    const steps = view.steps;
    if (!steps) return "";
    const d = model.data;
    const st = d.status[i];
    const cls = ["lt-node", playerClass(d.player[i])];
    if (!steps.seen.has(i)) {
      const pruned = model.path(i).some((j) => j !== i && steps.cut.has(j));
      cls.push(pruned ? "lt-pruned" : "lt-unreached");
      if (view.practice?.marked.has(i)) cls.push("lt-marked");
      const v = d.value[i];
      let label2 = esc(i === 0 ? "root" : model.move(i));
      if (st === "t" && v !== null) label2 += ` <tspan class="lt-val">${fmt(v)}</tspan>`;
      if (pruned) label2 += ' <tspan class="lt-cut">never evaluated</tspan>';
      const shape2 = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
      return `<g class="${cls.join(" ")}" data-node="${i}" ${t}>${shape2}<text ${textAt(view)}>${label2}</text></g>`;
    }
    if (view.practice?.marked.has(i)) cls.push("lt-marked");
    const onPath = steps.active.has(i) || i === steps.node;
    if (i === steps.node) cls.push("lt-current");
    if (onPath) cls.push("lt-on-path");
    if (i === view.selected) cls.push("lt-selected");
    if (steps.cut.has(i)) cls.push("lt-was-cut");
    if (i === steps.backup) cls.push("lt-backed-up");
    if (i === steps.node && steps.event === "u") cls.push("lt-updated");
    const known = steps.known.get(i);
    if (known?.final) cls.push("lt-done");
    if (st === "t") cls.push("lt-terminal");
    const kind = d.player[i] < 0 ? "chance" : maximizing(model, i) ? "max" : "min";
    const value = knownText(known);
    const w = onPath ? windowText(steps.window.get(i)) : "";
    let label = esc(i === 0 ? "root" : model.move(i));
    if (value) label += ` <tspan class="lt-val lt-known" data-known>${esc(value)}</tspan>`;
    if (w)
      label += view.present ? `<tspan class="lt-window" data-window x="0" dy="1.25em">${esc(w)}</tspan>` : ` <tspan class="lt-window" data-window>${esc(w)}</tspan>`;
    if (steps.cut.has(i)) label += ' <tspan class="lt-cut">✂</tspan>';
    const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
    return `<g class="${cls.join(" ")}" data-node="${i}" data-kind="${kind}" ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
  }
  function practiceNodeMarkup(model, view, i, t) {
    const d = model.data;
    const st = d.status[i];
    const cls = ["lt-node", playerClass(d.player[i])];
    const marked = view.practice?.marked.has(i) ?? false;
    if (marked) cls.push("lt-marked");
    if (i === view.selected) cls.push("lt-selected");
    const v = d.value[i];
    let label = esc(i === 0 ? "root" : model.move(i));
    if (st === "t" && v !== null) label += ` <tspan class="lt-val lt-leaf-value">${fmt(v)}</tspan>`;
    if (marked) label += ' <tspan class="lt-cut">✗ never evaluated</tspan>';
    const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
    const leaf = st === "t" ? ' data-leaf="1"' : "";
    return `<g class="${cls.join(" ")}" data-node="${i}"${leaf} ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
  }
  function nodeMarkup(model, view, i, t, current) {
    if (view.steps) return stepNodeMarkup(model, view, i, t);
    if (view.practice) return practiceNodeMarkup(model, view, i, t);
    const d = model.data;
    const st = d.status[i];
    const nKids = model.kids[i].length + model.links[i].length + model.unforced[i].length;
    const open = isOpen(view, i);
    const cls = ["lt-node", playerClass(d.player[i])];
    if (model.pvSet.has(i)) cls.push("lt-pv");
    if (i === view.selected) cls.push("lt-selected");
    if (i === current) cls.push("lt-current");
    if (view.matchSet.has(i)) cls.push("lt-match");
    if (model.parents[i] > 1) cls.push("lt-shared");
    if (st === "u") cls.push("lt-leaf");
    if (st === "t") cls.push("lt-terminal");
    const positionBook = model.positionBook(i);
    if (positionBook) cls.push(`lt-position-book-${positionBook}`);
    const val = valueLabel(d.value[i], d.bound[i]);
    const never = d.never[i];
    const replay = view.replay;
    const cut = never > 0 && !open && (!replay || replay.step >= model.creation().doneAt[i]);
    const visits = model.visitsIn ? model.visitsIn[i] : 0;
    let label = esc(i === 0 ? "root" : model.move(i));
    if (val) label += ` <tspan class="lt-val">${val}</tspan>`;
    if (!open && nKids) label += ` <tspan class="lt-count">+${nKids}</tspan>`;
    if (cut)
      label += ` <tspan class="lt-cut">✂${never}<title>a cut-off: ${plural(never, "move")} never generated</title></tspan>`;
    if (model.parents[i] > 1) label += ` <tspan class="lt-count">⤳${model.parents[i]}</tspan>`;
    if (visits > 0) label += ` <tspan class="lt-visits">n=${visits}</tspan>`;
    if (positionBook === "hit") label += ' <tspan class="lt-position-book">▣ position book</tspan>';
    const shape = st === "t" ? '<rect x="-5" y="-5" width="10" height="10"/>' : '<circle r="5"/>';
    return `<g class="${cls.join(" ")}" data-node="${i}"${positionBook ? ` data-position-book="${positionBook}"` : ""} ${t}>${shape}<text ${textAt(view)}>${label}</text></g>`;
  }
  var CANVAS_CELLS = 1600;
  function positionBoard(model, i) {
    const d = model.data;
    const cells = Array.isArray(d.board.cells) ? d.board.cells.length : 0;
    const doc = cells > CANVAS_CELLS ? null : unpack2(d.board, model.position(i));
    const noteAt = d.note ? d.note[i] : -1;
    const note = d.notes && noteAt >= 0 ? d.notes[noteAt] : "";
    const notes = note ? `<div class="lt-board-note" data-role="notes">${esc(note).replaceAll("\n", "<br>")}</div>` : "";
    const board = doc ? boardSvg2(doc, { highlight: d.hl[i] ?? [] }) : `<canvas class="lt-board-canvas" data-board-canvas="${i}"></canvas>`;
    return board + notes;
  }
  function infoMarkup(model, i, live, steps = null) {
    const d = model.data;
    const st = d.status[i];
    const p = d.player[i];
    const path = model.line(i);
    const rows = [];
    rows.push([
      "move",
      i === 0 ? "(the root)" : `${esc(model.move(i))} by ${esc(model.playerName(d.player[d.parent[i]]))}`
    ]);
    const prob = d.prob ? d.prob[i] : null;
    if (prob !== null) rows.push(["chance", `probability ${fmt(prob)} (a dice roll)`]);
    rows.push(["line", path.length ? esc(path.join(" ")) : "—"]);
    rows.push(["to move", st === "t" ? "game over" : esc(model.playerName(p))]);
    rows.push(["depth", String(model.depth[i])]);
    if (steps) {
      const w = steps.window.get(i);
      const known = steps.known.get(i);
      const state = !steps.seen.has(i) ? "not reached yet" : known?.final ? "done" : steps.active.has(i) ? "being searched" : "reached";
      rows.push(["at this step", state]);
      if (w) rows.push(["window", `<span data-info-window>${esc(windowText(w))}</span>`]);
      rows.push([
        "value then",
        `<span data-info-known>${known ? esc(knownText(known)) : "not known yet"}</span>${known && !known.final ? " (so far)" : ""}`
      ]);
      const k = steps.k;
      const sd = d.steps;
      const terms = sd?.terms ? sd.terms[k] : null;
      if (i === steps.node && terms && sd) {
        const sum = sumText(terms, sd.value[k] ?? null, isAssumed(sd, k), known?.sign ?? "");
        rows.push(["weighted sum", esc(sum)]);
      }
      if (steps.cut.has(i) && d.never[i] > 0)
        rows.push(["cut-off", `<b>${plural(d.never[i], "move")} never generated</b>`]);
      const table = rows.map(([k2, v2]) => `<tr><th>${k2}</th><td>${v2}</td></tr>`).join("");
      return `<table>${table}</table><div class="lt-board-wrap" data-board>${positionBoard(model, i)}</div>`;
    }
    const v = d.value[i];
    if (v === null) rows.push(["value", "not rated"]);
    else {
      const b = d.bound[i];
      const rel = b === ">" ? "at least " : b === "<" ? "at most " : "";
      const kind = d.visits ? "MCTS: the mean value of the playouts through it" : `${b === "=" ? "exact" : b === ">" ? "lower bound" : "upper bound"}, ${plural(d.rdepth[i], "move")} deep`;
      const head = steps ? "final value" : "value";
      rows.push([head, `${rel}${fmt(v)} for ${esc(model.playerName(d.rplayer[i]))} (${kind})`]);
    }
    const kids = model.kids[i].length + model.links[i].length;
    let status;
    if (st === "t") status = "terminal: the game is over";
    else if (st === "u")
      status = "forced but never expanded (a leaf of the search: its moves were never generated)";
    else {
      status = `expanded: ${plural(kids + model.unforced[i].length, "move")} generated, ${kids} forced, ${model.unforced[i].length} generated but never forced`;
      if (d.never[i] > 0) status += `, <b>${plural(d.never[i], "move")} never generated</b>`;
      else if (d.never[i] === 0) status += ", none left ungenerated";
    }
    rows.push(["status", status]);
    rows.push([
      "created",
      `#${(d.serial[i] - d.serial[0]).toLocaleString("en")} in the search's order`
    ]);
    if (model.parents[i] > 1)
      rows.push(["shared", `reached from ${model.parents[i]} positions (a transposition)`]);
    if (model.pvSet.has(i)) rows.push(["", "on the principal variation"]);
    const visitsIn = model.visitsIn;
    if (visitsIn && visitsIn[i] > 0)
      rows.push(["visits", `${visitsIn[i].toLocaleString("en")} (MCTS playouts through this move)`]);
    const positionBook = model.positionBook(i);
    const sb = d.summary.positionBook;
    if (positionBook === "hit" && sb)
      rows.push([
        "position book",
        `answered from the position book: ${esc(sb.move)} (searched ${sb.depth === null ? "to the end of the game" : `to depth ${sb.depth}`} before, used ${plural(sb.uses, "time")}); nothing was searched below`
      ]);
    else if (positionBook === "miss")
      rows.push([
        "position book",
        "looked up in the position book, not there: searched, and the answer stored"
      ]);
    else if (positionBook === "off")
      rows.push([
        "position book",
        "the position book was switched off (the file went bad): searched without it"
      ]);
    let html = `<table>${rows.map(([k, v2]) => `<tr><th>${k}</th><td>${v2}</td></tr>`).join("")}</table>`;
    html += `<div class="lt-board-wrap" data-board>${positionBoard(model, i)}</div>`;
    if (d.board.kind === "text") html += moveButtons2(model, i, live);
    if (live && st !== "t")
      html += `<button data-action="force-here">search below this position</button>`;
    const n = (c) => visitsIn ? ` <span class="lt-visits">n=${visitsIn[c]}</span>` : "";
    const list = model.kids[i].map(
      (e) => `<li data-goto="${e.c}">${esc(model.strings[e.m])} <span class="lt-val">${valueLabel(d.value[e.c], d.bound[e.c])}</span>${n(e.c)}</li>`
    );
    for (const e of model.links[i])
      list.push(`<li data-goto="${e.c}">${esc(model.strings[e.m])} ⤳</li>`);
    for (const e of model.unforced[i])
      list.push(
        `<li class="lt-unforced" ${live ? `data-edge="${i}:${e.k}"` : ""}>${esc(model.strings[e.m])} <span class="lt-val">not forced</span></li>`
      );
    if (list.length)
      html += `<div class="lt-kids-head">children in generation order, ${visitsIn ? "with their visits" : `with their stored values (≥ / ≤: bounds) for ${esc(model.playerName(d.rplayer[i] < 0 ? p : d.rplayer[i]))}`}</div><ol class="lt-kids">${list.slice(0, 200).join("")}</ol>`;
    return html;
  }
  function moveButtons2(model, i, live) {
    const e = model.data.edges[i];
    const out = [];
    for (let j = 0, k = 0; j < e.length; j += 2, k++) {
      const m = esc(model.strings[e[j]]);
      const c = e[j + 1];
      if (c >= 0) out.push(`<button class="lt-move" data-move="${m}" data-goto="${c}">${m}</button>`);
      else if (live)
        out.push(
          `<button class="lt-move" data-move="${m}" data-edge="${i}:${k}" title="not forced: click to force it">${m}</button>`
        );
      else
        out.push(
          `<button class="lt-move" data-move="${m}" disabled title="generated, never forced">${m}</button>`
        );
    }
    return out.length ? `<div class="lt-moves" data-role="moves">${out.join("")}</div>` : "";
  }

  // frontend/src/explorer/shell.ts
  var SVG_NS = "http://www.w3.org/2000/svg";
  function shellMarkup(live) {
    return `
    <div class="lt-head"><span class="lt-title"></span> <span class="lt-summary" data-summary></span> <span class="lt-values-depth" data-values-depth></span></div>
    <div class="lt-toolbar">
      <input class="lt-search" data-search type="search" placeholder="find a move (e.g. b2, 3->4, 'a1 b2')" size="28">
      <span class="lt-matches" data-matches></span>
      <button data-action="pv" title="collapse everything to the principal variation">PV only</button>
      <span class="lt-sep"></span>
      <button data-action="replay" title="step through the order in which the search created the nodes">Replay</button>
      <span class="lt-replay" hidden>
        <button data-action="back" title="one node back">◀</button>
        <button data-action="play" data-play title="play / pause">▶</button>
        <button data-action="step" title="one node forward">▶|</button>
        <select data-speed title="steps per second">
          <option value="0.5">0.5/s</option><option value="1">1/s</option><option value="2">2/s</option><option value="10" selected>10/s</option><option value="50">50/s</option>
          <option value="250">250/s</option><option value="2000">2000/s</option>
        </select>
        <input type="range" data-scrub min="0" value="0">
        <span data-replay-text></span>
      </span>
      <span class="lt-sep"></span>
      <button data-action="present" aria-pressed="false" title="presentation mode: the tree top down, fitted to the screen, large type, the panel and legend hidden">Present</button>
      <button data-action="panel" class="lt-panel-toggle" title="show or hide the side panel and the legend">Panel</button>
      <button data-action="frames" class="lt-panel-toggle" title="every step as a slide (SVG), a page each: print it to PDF">Slides</button>
      ${live ? '<span class="lt-sep"></span><label>search depth <input data-force-depth type="number" min="1" max="12" value="2" size="2"></label>' : ""}
    </div>
    <div class="lt-main">
      <div class="lt-tree" tabindex="0" role="region" aria-label="the explored tree"><svg data-tree xmlns="${SVG_NS}"></svg></div>
      <aside class="lt-info" data-info tabindex="0" aria-label="the selected position"></aside>
    </div>
    <div class="lt-legend">
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot"/></svg> forced</span>
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot lt-leaf-dot"/></svg> forced, never expanded</span>
      <span><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-dot lt-unforced-dot"/></svg> generated, never forced</span>
      <span data-legend="maxmin" hidden><svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-max-dot"/></svg> MAX: <span data-max-name></span> to move (takes the highest value) · <svg width="14" height="14"><circle cx="7" cy="7" r="5" class="lt-min-dot"/></svg> MIN: <span data-min-name></span> to move (the lowest)</span>
      <span class="lt-pv-key">━ principal variation</span>
      <span>⤳ transposition (shared position)</span>
      <span data-legend="position-book" hidden><span class="lt-position-book-key">▣ position book</span> answered from it (nothing searched below)</span>
      <span data-legend="visits" hidden><span class="lt-visits-key">n=</span> MCTS visits of the move (children by visits)</span>
      <span>click: select and open/close · values: stored ratings (≥ / ≤: alpha-beta bounds)</span>
    </div>`;
  }
  function required(root, selector) {
    const found = root.querySelector(selector);
    if (!found) throw new Error(`the explorer has no ${selector}`);
    return found;
  }
  function fillShell(element, model) {
    required(element, ".lt-title").textContent = model.data.title;
    required(element, "[data-summary]").textContent = summaryText(model);
    required(element, "[data-values-depth]").textContent = valuesDepthText(model);
    required(element, '[data-legend="position-book"]').hidden = !model.data.positionBook;
    required(element, '[data-legend="visits"]').hidden = !model.data.visits;
    const stepping = stepCount(model.data.steps ?? null) > 0;
    const replayButton = required(element, '[data-action="replay"]');
    replayButton.textContent = stepping ? "Step through" : "Replay";
    replayButton.title = stepping ? "step through the search: each node's window, the values backing up, the cut-offs" : "step through the order in which the search created the nodes";
    const maxMin = required(element, '[data-legend="maxmin"]');
    const player = model.data.summary.player;
    const two = model.data.players.length === 2 && player !== void 0 && player >= 0;
    maxMin.hidden = !two;
    if (two && player !== void 0) {
      const max = required(maxMin, "[data-max-name]");
      const min = required(maxMin, "[data-min-name]");
      max.textContent = model.playerName(player);
      min.textContent = model.playerName(1 - player);
      maxMin.querySelector(".lt-max-dot")?.setAttribute("class", `lt-max-dot lt-p${player}`);
      maxMin.querySelector(".lt-min-dot")?.setAttribute("class", `lt-min-dot lt-p${1 - player}`);
    }
  }

  // frontend/src/explorer/drawing.ts
  var MIN_SCALE = 0.7;
  var MAX_SCALE = 2.2;
  function scrollTarget(at, child, width, height, mode) {
    if (mode.present) {
      const x = child ? (at[0] + child[0]) / 2 : at[0];
      const y = child ? (at[1] + child[1]) / 2 : at[1];
      return { left: Math.max(0, x - width / 2), top: Math.max(0, y - height / 2) };
    }
    const left = mode.stepping ? 2 * width / 3 : width / 3;
    return { left: Math.max(0, at[0] - left), top: Math.max(0, at[1] - height / 2) };
  }
  var TreeDrawing = class {
    constructor(element, live) {
      this.live = live;
      this.svg = required(element, "[data-tree]");
      this.info = required(element, "[data-info]");
      this.scroller = required(element, ".lt-tree");
    }
    live;
    svg;
    info;
    scroller;
    /** node -> where it was last drawn (screen pixels) */
    positions = /* @__PURE__ */ new Map();
    /** presentation mode: the whole tree, laid out once */
    whole = null;
    /** A new document: the whole tree is laid out again when next presented. */
    forget() {
      this.whole = null;
    }
    /** Draw the nodes `view` shows. */
    render(model, view) {
      const { svg, scroller } = this;
      const shown = buildItems(model, view);
      let laid;
      let scale = 1;
      if (view.present) {
        this.whole ??= layoutDown(allItems(model));
        laid = placeAs(shown, this.whole);
        const fit = Math.min(scroller.clientWidth / laid.width, scroller.clientHeight / laid.height);
        scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE, fit));
      } else laid = layout(shown, view.steps ? STEP_COLUMN : COLUMN);
      const size = (n) => String(view.present ? Math.floor(n * scale) : n);
      svg.setAttribute("viewBox", `0 0 ${laid.width} ${laid.height}`);
      svg.setAttribute("width", size(laid.width));
      svg.setAttribute("height", size(laid.height));
      this.positions = /* @__PURE__ */ new Map();
      for (const d of laid.placed)
        if (d.item.kind === "node") this.positions.set(d.item.i, [d.x * scale, d.y * scale]);
      const current = view.replay ? model.creation().bySerial[view.replay.step] : -1;
      svg.innerHTML = treeMarkup(model, view, laid, this.live, current);
    }
    /** Scroll the tree to node i, where it was last drawn. */
    scrollTo(view, i) {
      const at = this.positions.get(i);
      if (!at) return;
      const backup = view.steps && view.steps.backup >= 0 ? view.steps.backup : -1;
      const child = this.positions.get(backup) ?? null;
      const { scroller } = this;
      const mode = { present: view.present, stepping: Boolean(view.steps) };
      const to = scrollTarget(at, child, scroller.clientWidth, scroller.clientHeight, mode);
      scroller.scrollLeft = to.left;
      scroller.scrollTop = to.top;
    }
    /** Fill the panel with the selected node's details and board. */
    showInfo(model, view) {
      this.info.innerHTML = infoMarkup(model, view.selected, this.live, view.steps ?? null);
      const canvas = this.info.querySelector("canvas[data-board-canvas]");
      if (canvas) drawBig(canvas, model, Number(canvas.dataset.boardCanvas));
    }
  };
  function drawBig(canvas, model, i) {
    const doc = unpack2(model.data.board, model.position(i));
    const geo = geometry(doc);
    canvas.style.width = "100%";
    canvas.style.aspectRatio = `${geo.width} / ${geo.height}`;
    const hl = model.data.hl[i] ?? [];
    new Board(canvas).render(doc, { last: hl.length ? [hl] : [] });
  }

  // frontend/src/explorer/frames.ts
  function frameSvg(model, steps, k) {
    const state = stepState(model, steps, k);
    const view = {
      open: /* @__PURE__ */ new Set(),
      showAll: /* @__PURE__ */ new Set(),
      showUnforced: /* @__PURE__ */ new Set(),
      selected: state.node,
      matchSet: /* @__PURE__ */ new Set(),
      replay: { step: state.k, open: /* @__PURE__ */ new Set() },
      steps: state,
      present: true
    };
    const whole = layoutDown(allItems(model));
    const laid = placeAs(buildItems(model, view), whole);
    const body = treeMarkup(model, view, laid, false, -1);
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${whole.width} ${whole.height}" width="${whole.width}" height="${whole.height}">${body}</svg>`;
  }
  function framesDocument(model, steps, css, from = 0, to = Number.MAX_SAFE_INTEGER) {
    const n = stepCount(steps);
    const first = Math.max(0, from);
    const last = Math.min(n - 1, to);
    const pages = [];
    for (let k = first; k <= last; k++) {
      const caption = describeStep(model, steps, stepState(model, steps, k));
      pages.push(
        `<section class="lt-frame"><p class="lt-frame-caption">${esc(caption)}</p><div class="lt-explorer lt-present">${frameSvg(model, steps, k)}</div></section>`
      );
    }
    const title = esc(model.data.title);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}: steps</title><style>${css}
body { margin: 0; font: 16px system-ui, sans-serif; }
.lt-frame { break-after: page; page-break-after: always; padding: 12px 16px; }
.lt-frame .lt-explorer { display: block; min-height: 0; height: auto; }
.lt-frame svg { width: 100%; height: auto; max-height: 82vh; }
.lt-frame-caption { font-size: 18px; margin: 0 0 8px; }
@page { size: landscape; margin: 1cm; }
</style></head><body>${pages.join("")}</body></html>`;
  }

  // frontend/src/explorer/input.ts
  var CLICKER = {
    " ": "step",
    Enter: "step",
    PageDown: "step",
    ArrowRight: "step",
    ArrowDown: "step",
    PageUp: "back",
    ArrowLeft: "back",
    ArrowUp: "back",
    Backspace: "back",
    Home: "first",
    End: "last"
  };
  var PRESSED = /* @__PURE__ */ new Set(["step", "back", "play"]);
  var ARROWS = { ArrowRight: "step", ArrowLeft: "back" };
  var CLICKABLE = "[data-node],[data-more],[data-unforced],[data-link],[data-edge],[data-never],[data-goto],[data-action]";
  function attachInput(element, actions, live, stepping = () => false) {
    element.addEventListener("click", (ev) => {
      const start2 = ev.target instanceof Element ? ev.target : null;
      const target = start2?.closest(CLICKABLE);
      if (!target || !element.contains(target)) return;
      const ds = target.dataset;
      if (ds.action !== void 0) actions.action(ds.action);
      else if (ds.node !== void 0) actions.clickNode(Number(ds.node));
      else if (ds.more !== void 0) actions.showMore(Number(ds.more));
      else if (ds.unforced !== void 0) actions.showUnforced(Number(ds.unforced));
      else if (ds.link !== void 0 || ds.goto !== void 0)
        actions.goTo(Number(ds.link ?? ds.goto));
      else if (ds.edge !== void 0 && live) {
        const [node, edge] = ds.edge.split(":").map(Number);
        actions.forceEdge(node, edge);
      } else if (ds.never !== void 0 && live) actions.generate(Number(ds.never));
    });
    const box = element.querySelector("[data-search]");
    box?.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") actions.search(box.value);
    });
    element.addEventListener("keydown", (ev) => {
      const target = ev.target instanceof Element ? ev.target : null;
      if (target?.closest("input, select, textarea")) return;
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const own = target?.closest("button[data-action]")?.dataset.action;
      if ((ev.key === " " || ev.key === "Enter") && own && PRESSED.has(own)) return;
      const name = stepping() ? CLICKER[ev.key] : ARROWS[ev.key];
      if (!name) return;
      actions.action(name);
      ev.preventDefault();
    });
    const scrub = element.querySelector("[data-scrub]");
    scrub?.addEventListener("input", () => actions.scrub(Number(scrub.value)));
  }

  // frontend/src/explorer/replay.ts
  function creationOrder(serial, parent) {
    const n = serial.length;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => serial[a] - serial[b]);
    const bySerial = Int32Array.from(order);
    const rankOf = new Int32Array(n);
    order.forEach((node, r) => {
      rankOf[node] = r;
    });
    const doneAt = Int32Array.from(rankOf);
    for (let i = n - 1; i > 0; i--) {
      const p = parent[i];
      if (doneAt[i] > doneAt[p]) doneAt[p] = doneAt[i];
    }
    return { bySerial, rankOf, doneAt };
  }
  function clampStep(step2, n) {
    return Math.max(0, Math.min(n - 1, step2));
  }
  function replayAt(order, path, step2) {
    const node = order.bySerial[step2];
    const open = new Set(path(node).slice(0, -1));
    open.add(0);
    return { node, state: { step: step2, open } };
  }

  // frontend/src/explorer/model.ts
  var KEPT_BOARDS = 8;
  var MAX_LABEL = 64;
  var POSITION_BOOK = { h: "hit", m: "miss", o: "off" };
  var Model = class {
    data;
    n;
    strings;
    /** primary children, in generation order */
    kids;
    /** moves generated, never forced */
    unforced;
    /** transpositions: children met first under another parent */
    links;
    /** string index of the move into each node (-1 for the root) */
    inMove;
    /** MCTS: the visits of the move into each node (null for other searches) */
    visitsIn;
    /** how many parents link to each node */
    parents;
    depth;
    pv;
    pvSet;
    sorted;
    order = null;
    /** boards rebuilt from deltas, the most recently used last */
    boards = /* @__PURE__ */ new Map();
    /** how many boards were rebuilt by applying deltas (for the tests) */
    rebuilt = 0;
    /** Throws an Error naming what is wrong with a malformed document's positions. */
    constructor(data) {
      this.data = data;
      const n = data.serial.length;
      this.n = n;
      checkPositions(data);
      this.strings = data.strings;
      this.kids = new Array(n);
      this.unforced = new Array(n);
      this.links = new Array(n);
      this.inMove = new Int32Array(n).fill(-1);
      this.visitsIn = data.visits ? new Float64Array(n) : null;
      this.parents = new Int32Array(n);
      this.depth = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const e = data.edges[i];
        const kids = [];
        const unforced = [];
        const links = [];
        for (let j = 0, k = 0; j < e.length; j += 2, k++) {
          const m = e[j];
          const c = e[j + 1];
          if (c < 0) unforced.push({ m, k });
          else {
            this.parents[c]++;
            if (data.parent[c] === i && this.inMove[c] < 0) {
              kids.push({ c, m, k });
              this.inMove[c] = m;
              if (this.visitsIn && data.visits) this.visitsIn[c] = data.visits[i][k];
            } else links.push({ c, m, k });
          }
        }
        this.kids[i] = kids;
        this.unforced[i] = unforced;
        this.links[i] = links;
      }
      for (let i = 1; i < n; i++) this.depth[i] = this.depth[data.parent[i]] + 1;
      this.pv = data.pv;
      this.pvSet = new Set(data.pv);
      this.sorted = new Array(n);
    }
    /**
     * Node i's position as `unpack` (boards.js) reads it: the document's whole `pos[i]`, or
     * `[owners, labels]` rebuilt from the nearest ancestor whose board is whole or kept,
     * applying the deltas down to i (the last few boards rebuilt are kept).
     */
    position(i) {
      const whole = this.data.pos[i];
      if (whole !== null && whole !== void 0) return whole;
      const { owners, labels } = this.cells(i);
      return [owners.map(ownerLetter).join(""), labels.slice()];
    }
    cells(i) {
      const kept = this.boards.get(i);
      if (kept) {
        this.boards.delete(i);
        this.boards.set(i, kept);
        return kept;
      }
      const d = this.data;
      const chain = [];
      let j = i;
      let start2;
      while (!start2) {
        const hit = this.boards.get(j);
        const whole = d.pos[j];
        if (hit) start2 = { owners: hit.owners.slice(), labels: hit.labels.slice() };
        else if (whole !== null && whole !== void 0) start2 = wholeCells(d, whole);
        else {
          chain.push(j);
          j = d.parent[j];
        }
      }
      const deltas = d.delta ?? [];
      for (let k = chain.length - 1; k >= 0; k--) {
        const delta = deltas[chain[k]];
        for (let t = 0; t < delta.length; t += 3) {
          const cell = delta[t];
          start2.owners[cell] = delta[t + 1];
          start2.labels[cell] = delta[t + 2];
        }
      }
      this.rebuilt++;
      this.boards.set(i, start2);
      if (this.boards.size > KEPT_BOARDS) {
        const oldest = this.boards.keys().next().value;
        if (oldest !== void 0) this.boards.delete(oldest);
      }
      return start2;
    }
    /** Whether (and how) a search looked the node up in a position book. */
    positionBook(i) {
      const b = this.data.positionBook;
      return b ? POSITION_BOOK[b[i]] ?? "" : "";
    }
    /** The label of the move into node i ("" for the root). */
    move(i) {
      return i === 0 || this.inMove[i] < 0 ? "" : this.strings[this.inMove[i]];
    }
    /**
     * A child's value from the point of view of the player to move at its parent (two-player
     * searches store one rating player per search: the other side prefers low values).
     */
    score(parent, c) {
      const v = this.data.value[c];
      if (v === null) return Number.NEGATIVE_INFINITY;
      return this.data.rplayer[c] === this.data.player[parent] ? v : -v;
    }
    /**
     * Node i's children best first: the principal variation's child (the search's choice),
     * then by MCTS visits, then by stored value, then in generation order (values stored by
     * different iterations of a deepening search are not comparable).
     */
    best(i) {
      let kids = this.sorted[i];
      if (!kids) {
        kids = this.kids[i].slice();
        const pv = (c) => this.pvSet.has(c) && this.pvSet.has(i) ? 1 : 0;
        const visits = (c) => this.visitsIn ? this.visitsIn[c] : 0;
        kids.sort(
          (a, b) => pv(b.c) - pv(a.c) || visits(b.c) - visits(a.c) || this.score(i, b.c) - this.score(i, a.c) || a.k - b.k
        );
        this.sorted[i] = kids;
      }
      return kids;
    }
    /** The order in which the search created the nodes (computed on first use). */
    creation() {
      if (!this.order) this.order = creationOrder(this.data.serial, this.data.parent);
      return this.order;
    }
    /** The nodes from the root to i, root first. */
    path(i) {
      const out = [];
      for (let j = i; j > 0; j = this.data.parent[j]) out.push(j);
      out.push(0);
      return out.reverse();
    }
    /** The moves from the root to i. */
    line(i) {
      return this.path(i).slice(1).map((j) => this.move(j));
    }
    playerName(p) {
      return p < 0 ? "chance" : this.data.players[p] ?? `player ${p}`;
    }
  };
  function ownerLetter(owner) {
    return owner < 0 ? "." : String.fromCharCode(65 + owner);
  }
  function wholeCells(d, packed) {
    const cells = unpack2(d.board, packed).cells ?? [];
    return { owners: cells.map((c) => c.owner), labels: cells.map((c) => c.label) };
  }
  function isInt(x, lo, hi) {
    return typeof x === "number" && Number.isInteger(x) && x >= lo && x < hi;
  }
  function checkPositions(d) {
    const n = d.serial.length;
    const bad = (why) => new Error(`this explorer document is malformed: ${why}`);
    if (!Array.isArray(d.pos) || d.pos.length !== n || !Array.isArray(d.parent))
      throw bad(`it does not have a position for each of its ${n} nodes`);
    if (d.parent.length !== n) throw bad(`it does not have a parent for each of its ${n} nodes`);
    const delta = d.delta;
    if (delta === null || delta === void 0) {
      if (d.pos.some((p) => p === null || p === void 0)) throw bad("a position is missing");
      return;
    }
    if (!Array.isArray(delta) || delta.length !== n)
      throw bad(`it does not have a delta for each of its ${n} nodes`);
    const cells = Array.isArray(d.board?.cells) ? d.board.cells.length : -1;
    if (cells < 0) throw bad("its positions are deltas, but its board has no cells");
    const players = Array.isArray(d.players) ? d.players.length : 0;
    for (let i = 0; i < n; i++) {
      const whole = d.pos[i];
      if (whole === null || whole === void 0) {
        if (!isInt(d.parent[i], 0, i)) throw bad(`node ${i}'s parent does not come before it`);
      } else if (typeof whole !== "string" && !Array.isArray(whole))
        throw bad(`node ${i}'s position is neither text nor a list`);
      const changes = delta[i];
      if (!Array.isArray(changes) || changes.length % 3 !== 0)
        throw bad(`node ${i}'s delta is not a list of [cell, owner, label] triples`);
      for (let t = 0; t < changes.length; t += 3) {
        const [cell, owner, label] = [changes[t], changes[t + 1], changes[t + 2]];
        if (!isInt(cell, 0, cells)) throw bad(`node ${i}'s delta changes cell ${cell} of ${cells}`);
        if (!isInt(owner, -1, players)) throw bad(`node ${i}'s delta names owner ${owner}`);
        if (typeof label !== "string" || label.length > MAX_LABEL)
          throw bad(`node ${i}'s delta gives cell ${cell} a label that is not short text`);
      }
    }
  }

  // frontend/src/explorer/search.ts
  var MATCHES_SHOWN = 50;
  function findLine(model, text) {
    const q = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
    const matches = [];
    if (!q.length) return matches;
    const want = q.map((t) => model.strings.findIndex((s) => s.toLowerCase() === t));
    if (want.includes(-1)) return matches;
    for (let i = 1; i < model.n; i++) {
      let j = i;
      let ok = true;
      for (let k = want.length - 1; k >= 0 && ok; k--) {
        if (j <= 0 || model.inMove[j] !== want[k]) ok = false;
        else j = model.data.parent[j];
      }
      if (ok) matches.push(i);
    }
    const onPv = (i) => model.pvSet.has(i) ? 1 : 0;
    matches.sort((a, b) => onPv(b) - onPv(a) || model.depth[a] - model.depth[b]);
    return matches;
  }
  var Finder = class {
    /** Every node the line reaches (findLine's order). */
    matches = [];
    at = -1;
    last = null;
    /** Find the line in `text`; the next call of `next` gives the first match. */
    find(model, text) {
      this.matches = findLine(model, text);
      this.at = -1;
    }
    /** Whether `text`, typed in the search box, is the last text typed there and found
     * matches (Enter again: the next match); it becomes the last text. */
    repeats(text) {
      const again = text === this.last && this.matches.length > 0;
      this.last = text;
      return again;
    }
    /** The matches opened and drawn as matched (the first MATCHES_SHOWN). */
    shown() {
      return new Set(this.matches.slice(0, MATCHES_SHOWN));
    }
    /** The line beside the search box after finding `text`: how many matches. */
    status(text) {
      if (text.trim() === "") return "";
      const n = this.matches.length;
      const more = n > MATCHES_SHOWN ? ` (first ${MATCHES_SHOWN} shown)` : "";
      return `${plural(n, "match", "matches")}${more}`;
    }
    /** The next match, cycling through the shown ones; null without any. */
    next() {
      if (!this.matches.length) return null;
      this.at = (this.at + 1) % Math.min(this.matches.length, MATCHES_SHOWN);
      return this.matches[this.at];
    }
    /** Forget the matches (a new document). */
    clear() {
      this.matches = [];
      this.at = -1;
    }
  };

  // frontend/src/explorer/selection.ts
  function newView(model, practice) {
    return {
      open: new Set(model.pv),
      showAll: /* @__PURE__ */ new Set(),
      showUnforced: /* @__PURE__ */ new Set(),
      selected: 0,
      matchSet: /* @__PURE__ */ new Set(),
      replay: null,
      practice: practice ? { marked: /* @__PURE__ */ new Set() } : null
    };
  }
  function carryView(view, old, model) {
    const bySerial = /* @__PURE__ */ new Map();
    for (let i = 0; i < model.n; i++) bySerial.set(model.data.serial[i], i);
    const carry = (set) => {
      const out = /* @__PURE__ */ new Set();
      for (const i of set) {
        const j = bySerial.get(old.data.serial[i]);
        if (j !== void 0) out.add(j);
      }
      return out;
    };
    view.open = carry(view.open);
    view.showAll = carry(view.showAll);
    view.showUnforced = carry(view.showUnforced);
    view.selected = bySerial.get(old.data.serial[view.selected]) ?? 0;
  }
  function openPath(view, model, i) {
    for (const j of model.path(i)) if (j !== i) view.open.add(j);
  }
  function onlyPv(view, model) {
    view.open = new Set(model.pv);
    view.showAll = /* @__PURE__ */ new Set();
    view.showUnforced = /* @__PURE__ */ new Set();
    view.matchSet = /* @__PURE__ */ new Set();
  }
  function markedLeaves(view) {
    return [...view.practice?.marked ?? []].sort((a, b) => a - b);
  }
  function clickNode(view, model, i) {
    let marked = null;
    const practice = view.practice;
    if (practice && !view.steps && model.data.status[i] === "t") {
      if (practice.marked.has(i)) practice.marked.delete(i);
      else practice.marked.add(i);
      marked = markedLeaves(view);
    }
    const set = view.replay ? view.replay.open : view.open;
    if (i === view.selected || !set.has(i)) {
      if (set.has(i)) set.delete(i);
      else set.add(i);
    }
    return marked;
  }

  // frontend/src/explorer/stepper.ts
  function stepTotal(model) {
    const steps = stepCount(model.data.steps ?? null);
    return steps > 0 ? steps : model.n;
  }
  function stepControls(element) {
    return {
      element,
      bar: required(element, ".lt-replay"),
      playButton: required(element, "[data-play]"),
      speed: required(element, "[data-speed]"),
      scrubber: required(element, "[data-scrub]"),
      text: required(element, "[data-replay-text]")
    };
  }
  var Stepper = class {
    /** The step asked for: past this search's last step while one beside it goes on. */
    wanted = 0;
    timer = null;
    /** A step asked for by `goTo`: not reported back through onStep. */
    quiet = false;
    host;
    controls;
    /** The step-through of the explorer `host`, driven by its `controls`. */
    constructor(host, controls2) {
      this.host = host;
      this.controls = controls2;
    }
    /** Is it playing? */
    get playing() {
      return this.timer !== null;
    }
    /** Start at the first step. */
    start() {
      this.host.model.creation();
      this.host.view.replay = { step: 0, open: /* @__PURE__ */ new Set([0]) };
      this.controls.bar.hidden = false;
      this.set(0);
    }
    /** Stop stepping: the tree as it was before. */
    stop() {
      this.pause();
      const view = this.host.view;
      view.replay = null;
      view.steps = null;
      this.controls.element.classList.remove("lt-stepping");
      this.controls.bar.hidden = true;
      this.host.render();
    }
    /** Go to step k (clamped) without telling onStep, starting first if need be. */
    goTo(k) {
      this.quiet = true;
      try {
        if (!this.host.view.replay) this.start();
        this.set(k);
      } finally {
        this.quiet = false;
      }
    }
    /** Go to step `step` (clamped). */
    set(step2) {
      const { host, controls: controls2 } = this;
      const { model, view } = host;
      this.wanted = clampStep(step2, Math.max(host.total(), host.limit()));
      if (!this.quiet) host.onStep?.(this.wanted);
      const steps = model.data.steps;
      if (steps && stepCount(steps) > 0) {
        const s2 = clampStep(this.wanted, stepCount(steps));
        controls2.element.classList.toggle("lt-stepping", s2 < stepCount(steps) - 1);
        const state2 = stepState(model, steps, s2);
        view.steps = state2;
        view.replay = { step: s2, open: /* @__PURE__ */ new Set() };
        controls2.scrubber.value = String(s2);
        controls2.text.textContent = describeStep(model, steps, state2);
        host.show(state2.node);
        return;
      }
      const s = clampStep(this.wanted, model.n);
      const { node, state } = replayAt(model.creation(), (i) => model.path(i), s);
      view.replay = state;
      controls2.scrubber.value = String(s);
      controls2.text.textContent = `node ${(s + 1).toLocaleString("en")} of ${model.n.toLocaleString("en")} created: ${model.line(node).join(" ") || "root"}`;
      host.show(node);
    }
    /** Stop playing. */
    pause() {
      if (this.timer !== null) cancelAnimationFrame(this.timer);
      this.timer = null;
      this.controls.playButton.textContent = "▶";
    }
    /** Play: a step every second divided by the chosen speed, up to the last step. */
    play() {
      if (!this.host.view.replay) this.start();
      this.controls.playButton.textContent = "❚❚";
      let last = performance.now();
      let acc = 0;
      const tick = (now) => {
        acc += (now - last) / 1e3 * Number(this.controls.speed.value);
        last = now;
        if (acc >= 1 && this.host.view.replay) {
          const n = Math.floor(acc);
          acc -= n;
          this.set(this.wanted + n);
          if (this.wanted >= Math.max(this.host.total(), this.host.limit()) - 1) {
            this.pause();
            return;
          }
        }
        this.timer = requestAnimationFrame(tick);
      };
      this.timer = requestAnimationFrame(tick);
    }
  };

  // frontend/src/explorer/toolbar.ts
  var STEP_ACTIONS = {
    replay: (steps, stepping) => stepping ? steps.stop() : steps.start(),
    play: (steps) => steps.playing ? steps.pause() : steps.play(),
    step: (steps, stepping) => stepping ? steps.set(steps.wanted + 1) : steps.start(),
    back: (steps, stepping) => stepping && steps.set(steps.wanted - 1),
    first: (steps, stepping) => stepping && steps.set(0),
    last: (steps, stepping) => stepping && steps.set(Number.MAX_SAFE_INTEGER)
  };
  function toolbarAction(host, name) {
    const { view, steps } = host;
    const stepping = view.replay !== null;
    if (name in STEP_ACTIONS) STEP_ACTIONS[name](steps, stepping);
    else if (name === "pv") {
      if (stepping) steps.stop();
      onlyPv(view, host.model);
      host.select(0);
    } else if (name === "present" || name === "panel" || name === "frames") host.toggle(name);
    else if (name === "force-here") host.force({ node: view.selected });
  }
  function controls(host) {
    const { view } = host;
    return {
      clickNode(i) {
        const marked = clickNode(view, host.model, i);
        if (marked) host.onMark?.(marked);
        host.select(i);
      },
      showMore(i) {
        view.showAll.add(i);
        host.render();
      },
      showUnforced(i) {
        view.showUnforced.add(i);
        host.render();
      },
      goTo(i) {
        if (!view.replay) openPath(view, host.model, i);
        host.select(i, true);
      },
      forceEdge: (node, edge) => host.force({ node, edge }),
      generate: (node) => host.force({ node, generate: true }),
      action: (name) => toolbarAction(host, name),
      search: (text) => host.search(text),
      scrub(step2) {
        if (!view.replay) host.steps.start();
        host.steps.set(step2);
      }
    };
  }

  // frontend/src/explorer/explorer.ts
  function mount(element, data, options = {}) {
    const live = Boolean(options.onForce);
    element.classList.add("lt-explorer");
    element.innerHTML = shellMarkup(live);
    const drawing = new TreeDrawing(element, live);
    const finder = new Finder();
    let model = new Model(data);
    const view = newView(model, Boolean(options.practice));
    const render2 = () => drawing.render(model, view);
    const total = () => stepTotal(model);
    function select(i, scroll = false) {
      view.selected = i;
      drawing.showInfo(model, view);
      render2();
      if (scroll) drawing.scrollTo(view, i);
    }
    function reset(newData, keep) {
      const old = model;
      model = new Model(newData);
      if (keep) carryView(view, old, model);
      finder.clear();
      drawing.forget();
      view.replay = null;
      fillShell(element, model);
      required(element, "[data-scrub]").max = String(total() - 1);
      if (stepCount(model.data.steps ?? null) > 0)
        required(element, "[data-speed]").value = "2";
    }
    const showNext = () => {
      const i = finder.next();
      if (i !== null) select(i, true);
    };
    function find(text) {
      findLineIn(element, finder, view, model, text);
      render2();
      showNext();
    }
    const host = {
      get model() {
        return model;
      },
      view,
      total,
      limit: () => options.stepLimit?.() ?? 0,
      show: (i) => select(i, true),
      render: render2,
      onStep: options.onStep,
      get steps() {
        return stepper;
      },
      select,
      search: (text) => finder.repeats(text) ? showNext() : find(text),
      force: (request) => sendForce(element, model, request, options.onForce),
      onMark: options.onMark,
      toggle: (name) => toggle(element, name, view, model, (scroll) => {
        render2();
        if (scroll) drawing.scrollTo(view, view.selected);
      })
    };
    const stepper = new Stepper(host, stepControls(element));
    attachInput(element, controls(host), live, () => view.replay !== null);
    reset(data, false);
    if (options.practice) hideAnswers(element);
    select(view.selected);
    element.dataset.ready = "1";
    return {
      update(newData) {
        reset(newData, true);
        element.classList.remove("lt-busy");
        select(view.selected);
      },
      select: (i) => select(i, true),
      find,
      goToStep: (k) => stepper.goTo(k),
      marked: () => markedLeaves(view),
      stepThrough: () => stepThrough(element, stepper),
      get model() {
        return model;
      },
      get steps() {
        return total();
      },
      frames: () => slides(model)
    };
  }
  function findLineIn(element, finder, view, model, text) {
    finder.find(model, text);
    view.matchSet = finder.shown();
    for (const i of view.matchSet) openPath(view, model, i);
    required(element, "[data-matches]").textContent = finder.status(text);
  }
  function hideAnswers(element) {
    required(element, '[data-action="replay"]').hidden = true;
    required(element, '[data-action="pv"]').hidden = true;
  }
  function stepThrough(element, stepper) {
    stepper.pause();
    required(element, '[data-action="replay"]').hidden = false;
    stepper.start();
    element.querySelector('[data-action="step"]')?.focus();
  }
  function sendForce(element, model, request, onForce) {
    if (!onForce) return;
    const depthInput = element.querySelector("[data-force-depth]");
    request.serial = model.data.serial[request.node];
    request.depth = depthInput ? Number(depthInput.value) : 2;
    element.classList.add("lt-busy");
    onForce(request);
  }
  function slides(model) {
    const steps = model.data.steps;
    if (!steps || stepCount(steps) === 0) return null;
    const css = [...document.querySelectorAll("style")].map((s) => s.textContent).join("\n");
    return framesDocument(model, steps, css);
  }
  function toggle(element, name, view, model, redraw) {
    if (name === "present") {
      view.present = !view.present;
      element.classList.toggle("lt-present", view.present);
      element.classList.remove("lt-panel-on");
      const button = required(element, '[data-action="present"]');
      button.ariaPressed = String(view.present);
      redraw(true);
    } else if (name === "panel") {
      element.classList.toggle("lt-panel-on");
      redraw(false);
    } else {
      const html = slides(model);
      if (html) window.open(URL.createObjectURL(new Blob([html], { type: "text/html" })), "_blank");
    }
  }

  // frontend/src/explorer/practice.ts
  function parseValue(text) {
    const t = text.trim().replace("−", "-");
    if (t === "" || !/^-?\d+(\.\d+)?$/.test(t)) return null;
    return Number(t);
  }
  function checkAnswer(p, value, marked) {
    const lines = [];
    const valueRight = value !== null && value === p.value;
    if (value === null) lines.push(`No root value given: it is ${fmt(p.value)}.`);
    else if (valueRight) lines.push(`The root's value is ${fmt(p.value)}: right.`);
    else lines.push(`The root's value is ${fmt(p.value)}, not ${fmt(value)}.`);
    const pruned = new Set(p.pruned);
    const chosen = marked.map((i) => p.paths[i]);
    const extra = chosen.filter((path) => !pruned.has(path));
    const chosenSet = new Set(chosen);
    const missing = p.pruned.filter((path) => !chosenSet.has(path));
    if (!extra.length && !missing.length)
      lines.push(
        p.pruned.length ? `${p.pruned.length === 1 ? "The leaf" : `The ${p.pruned.length} leaves`} never evaluated: right (${p.pruned.join(", ")}).` : "Alpha-beta evaluates every leaf of this tree, and you marked none: right."
      );
    if (extra.length)
      lines.push(
        `Alpha-beta does evaluate ${extra.join(", ")}: no cut-off comes before ${extra.length === 1 ? "it" : "them"}.`
      );
    if (missing.length)
      lines.push(
        `Alpha-beta never evaluates ${missing.join(", ")}: a cut-off above ${missing.length === 1 ? "it" : "them"} stopped the search first.`
      );
    return { right: valueRight && !extra.length && !missing.length, lines };
  }
  function mountPractice(panel, explorer, p) {
    panel.classList.add("lt-practice");
    panel.innerHTML = `
    <p data-question>Alpha-beta as in the lectures (children left to right, the root searched
    with the full window) searches this tree ${plural(p.depth, "ply", "plies")} deep, MAX to
    move at the root. What is the root's value? Which leaves does it never evaluate? Click
    those leaves in the tree to mark them (click again to unmark).</p>
    <div class="lt-practice-row">
      <label>root value <input data-answer type="text" inputmode="decimal" size="6"></label>
      <button data-check>Check</button>
      <span data-marked-count>0 leaves marked</span>
      <button data-explain hidden>Explain: step through the search</button>
    </div>
    <div data-verdict></div>
    <ul data-explanation></ul>`;
    const input = panel.querySelector("[data-answer]");
    const check = panel.querySelector("[data-check]");
    const explain = panel.querySelector("[data-explain]");
    const verdict = panel.querySelector("[data-verdict]");
    const list = panel.querySelector("[data-explanation]");
    if (!input || !check || !explain || !verdict || !list) return;
    const run = () => {
      const result = checkAnswer(p, parseValue(input.value), explorer.marked());
      verdict.dataset.result = result.right ? "right" : "wrong";
      verdict.textContent = result.right ? "Right: that is what alpha-beta finds." : "Not quite. Step through the search to see why:";
      list.innerHTML = result.lines.map((line) => `<li>${esc(line)}</li>`).join("");
      explain.hidden = false;
    };
    check.addEventListener("click", run);
    input.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") run();
    });
    explain.addEventListener("click", () => explorer.stepThrough());
  }
  function showMarked(panel, marked) {
    const count2 = panel.querySelector("[data-marked-count]");
    if (count2) count2.textContent = `${plural(marked.length, "leaf", "leaves")} marked`;
  }

  // frontend/src/explorer/widget.ts
  var WIDGET_HEIGHT = "640px";
  function render({ model, el }) {
    el.style.height = WIDGET_HEIGHT;
    const read = () => JSON.parse(model.get("data"));
    const explorer = mount(el, read(), {
      onForce: (request) => model.send({ type: "force", ...request })
    });
    const changed = () => explorer.update(read());
    const status = () => {
      el.classList.remove("lt-busy");
      const line = el.querySelector("[data-matches]");
      if (line) line.textContent = model.get("status");
    };
    model.on("change:data", changed);
    model.on("change:status", status);
    return () => {
      model.off("change:data", changed);
      model.off("change:status", status);
    };
  }
  var widget_default = { render };

  // frontend/src/explorer/page.ts
  globalThis.lazytreeExplorerWidget = widget_default;
  function mountLive(element, data, force) {
    const explorer = mount(
      element,
      data,
      force ? {
        onForce: async (request) => {
          const reply = await force(request);
          if (reply.data) explorer.update(reply.data);
          else element.classList.remove("lt-busy");
          const status = element.querySelector("[data-matches]");
          if (status) status.textContent = reply.status ?? reply.error ?? "";
        }
      } : {}
    );
    globalThis.lazytreeExplorer = explorer;
    explorer.readyAt = performance.now();
  }
  function fromWorker(element) {
    const say = (text) => {
      if (!globalThis.lazytreeExplorer && text) element.textContent = text;
    };
    const service = new WorkerService(
      element.dataset.worker ?? "worker.js",
      window.location.search,
      {
        hello: () => ({ ply: 0, seat: null, epoch: 0 }),
        message: () => {
        },
        status: say,
        closed: () => element.setAttribute("role", "alert")
      },
      "explore"
    );
    service.connect();
    service.request("explore").then(
      (data) => {
        element.textContent = "";
        mountLive(
          element,
          data,
          (request) => service.request("explore/force", request).catch((error) => ({ error: error.message }))
        );
      },
      (error) => say(error.message)
    );
  }
  function start() {
    const element = document.getElementById("explorer");
    if (element?.dataset.service === "worker") {
      fromWorker(element);
      return;
    }
    const source = document.getElementById("explorer-data");
    if (!element || !source) throw new Error("the explorer page needs #explorer and #explorer-data");
    const data = JSON.parse(source.textContent ?? "");
    const url = element.dataset.forceUrl;
    const practice = data.practice;
    const panel = document.getElementById("practice");
    if (practice && panel) {
      const explorer = mount(element, data, {
        practice: true,
        onMark: (marked) => showMarked(panel, marked)
      });
      mountPractice(panel, explorer, practice);
      globalThis.lazytreeExplorer = explorer;
      explorer.readyAt = performance.now();
      return;
    }
    const besideElement = document.getElementById("explorer-2");
    const besideSource = document.getElementById("explorer-data-2");
    if (besideElement && besideSource) {
      const other = JSON.parse(besideSource.textContent ?? "");
      let right = null;
      const longest = () => Math.max(left.steps, right?.steps ?? 0);
      const left = mount(element, data, { onStep: (k) => right?.goToStep(k), stepLimit: longest });
      right = mount(besideElement, other, { onStep: (k) => left.goToStep(k), stepLimit: longest });
      globalThis.lazytreeExplorer = left;
      left.readyAt = performance.now();
      return;
    }
    mountLive(element, data, url ? (request) => postForce(url, request) : void 0);
  }
  if (document.getElementById("explorer")) {
    try {
      start();
    } catch (error) {
      const element = document.getElementById("explorer");
      if (element) {
        element.classList.remove("lt-explorer");
        element.textContent = error instanceof Error ? error.message : String(error);
        element.setAttribute("role", "alert");
        element.dataset.error = "";
      }
    }
  }
})();
