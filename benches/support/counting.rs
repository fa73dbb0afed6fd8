//! A counting allocator for the benches that measure memory (`#[path]`-included by each):
//! the system allocator, counting the bytes live and the most live since the last reset.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The system allocator, counting the bytes live and the most live since the last reset.
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(live, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size > layout.size() {
                let live =
                    LIVE.fetch_add(new_size - layout.size(), Ordering::Relaxed) + new_size - layout.size();
                PEAK.fetch_max(live, Ordering::Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Runs `f`, returning its result, its time in seconds and the most bytes it had live beyond
/// what was live before it (the median time of `runs` runs; the peak of the last).
pub fn measure<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, f64, usize) {
    let mut times = Vec::new();
    let mut out = None;
    let mut extra = 0;
    for _ in 0..runs {
        drop(out.take());
        let before = LIVE.load(Ordering::Relaxed);
        PEAK.store(before, Ordering::Relaxed);
        let t = Instant::now();
        out = Some(f());
        times.push(t.elapsed().as_secs_f64());
        extra = PEAK.load(Ordering::Relaxed) - before;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    (out.expect("at least one run"), times[runs / 2], extra)
}
