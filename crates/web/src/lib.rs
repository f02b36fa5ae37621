//! Quadrille in the browser: the engine compiled to WebAssembly, for the
//! pages of `web/` (made by `web/build`, served by any static server).
//!
//! This crate only translates, as the command-line tool and the Python
//! package do: JSON in, the front ([`quadrille_dlx::front::Search`]) or the
//! traced searches run, JSON out. [`ask`] answers the solver page's
//! questions, [`models`] makes the built-in problems and draws boards with
//! the models' SVG renderers, [`learn`] records the steps of the searches
//! the learner's page plays. The functions marked `#[wasm_bindgen]` below
//! are what the page's worker calls; they run on the worker's one thread,
//! which a search holds until it ends: progress and solutions go out
//! through `globalThis.quadrilleEmit(kind, json)` (the monitor's hook, and
//! the visitor), and the page stops a search by ending the worker (a panic
//! aborts the module: [`start`] hands its message to the page first).
#![deny(missing_docs)]

pub mod ask;
pub mod learn;
pub mod models;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use quadrille_dlx::Monitor;
use serde_json::{Value, json};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// Hands the page a message: `progress`, `solutions` (a batch).
    #[wasm_bindgen(js_namespace = globalThis, js_name = quadrilleEmit)]
    fn emit(kind: &str, json: &str);
    /// The page's clock, in milliseconds.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn now() -> f64;
}

/// How often (in milliseconds) progress and solutions go out.
const EVERY_MS: f64 = 100.0;

/// The most solutions sent in one message.
const BATCH: usize = 500;

/// When progress last went out (an `f64`'s bits).
static LAST_PROGRESS: AtomicU64 = AtomicU64::new(0);

/// Set when the module starts: a panic's message goes to the page
/// (`quadrilleEmit("panic", message)`) before the module aborts, so that
/// the page can say what failed and start a fresh worker.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| emit("panic", &info.to_string())));
}

/// Answers a question of the solver page (see [`ask::ask`]): the request's
/// JSON in, the answer's out; progress and solutions go out as they come.
#[wasm_bindgen]
pub fn run(request: &str) -> String {
    let request: Value = match serde_json::from_str(request) {
        Ok(request) => request,
        Err(e) => return json!({ "ok": false, "error": format!("bad request: {e}") }).to_string(),
    };
    LAST_PROGRESS.store(now().to_bits(), Ordering::Relaxed);
    let monitor = Arc::new(Monitor::with_hook(|monitor| {
        let t = now();
        if t - f64::from_bits(LAST_PROGRESS.load(Ordering::Relaxed)) >= EVERY_MS {
            LAST_PROGRESS.store(t.to_bits(), Ordering::Relaxed);
            emit("progress", &progress(monitor).to_string());
        }
    }));
    let mut batch: Vec<Value> = Vec::new();
    let mut sent = now();
    let flush = |batch: &mut Vec<Value>| {
        if !batch.is_empty() {
            emit("solutions", &Value::Array(std::mem::take(batch)).to_string());
        }
    };
    let answer = ask::ask(&request, monitor.clone(), &mut |solution| {
        batch.push(solution);
        let t = now();
        if batch.len() >= BATCH || t - sent >= EVERY_MS {
            sent = t;
            flush(&mut batch);
        }
    });
    flush(&mut batch);
    emit("progress", &progress(&monitor).to_string());
    answer.to_string()
}

/// The monitor's figures, as the page shows them.
fn progress(monitor: &Monitor) -> Value {
    let stats = monitor.stats();
    json!({ "nodes": stats.nodes, "updates": stats.updates, "solutions": stats.solutions, "fraction": monitor.fraction() })
}

/// Reads a problem: its size (see [`ask::describe`]), or the reader's error
/// with its line and column.
#[wasm_bindgen]
pub fn read(text: &str) -> String {
    match ask::read(text) {
        Ok(problem) => {
            let mut described = ask::describe(&problem);
            described["ok"] = json!(true);
            described.to_string()
        }
        Err(error) => json!({ "ok": false, "error": error }).to_string(),
    }
}

/// The built-in problems (see [`models::builtins`]).
#[wasm_bindgen]
pub fn builtins() -> String {
    json!({ "toy": models::TOY, "list": models::builtins() }).to_string()
}

/// A model's problem in Knuth's format, and its cells for the editor.
#[wasm_bindgen]
pub fn model(model: &str) -> String {
    let made = serde_json::from_str::<Value>(model)
        .map_err(|e| format!("bad model: {e}"))
        .and_then(|model| models::Board::from_json(&model));
    match made {
        Ok(board) => json!({ "ok": true, "text": board.text(), "cells": board.cells() }).to_string(),
        Err(error) => json!({ "ok": false, "error": error }).to_string(),
    }
}

/// The steps of N-Queens by `algorithm` (see [`learn::queens`]).
#[wasm_bindgen]
pub fn learn_queens(n: u32, algorithm: &str, first: bool, steps: u32) -> String {
    answer(learn::queens(n as usize, algorithm, first, steps as usize))
}

/// The steps of dancing links on a problem in Knuth's format (see
/// [`learn::dlx`]).
#[wasm_bindgen]
pub fn learn_dlx(text: &str, first: bool, steps: u32) -> String {
    answer(ask::read(text).and_then(|problem| learn::dlx(&problem, first, steps as usize)))
}

/// `{"ok": true, …}` or `{"ok": false, "error": …}`.
fn answer(result: Result<Value, String>) -> String {
    match result {
        Ok(mut value) => {
            value["ok"] = json!(true);
            value.to_string()
        }
        Err(error) => json!({ "ok": false, "error": error }).to_string(),
    }
}
