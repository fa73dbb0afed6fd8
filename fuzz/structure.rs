// Structure-aware mutations of trace files, shared by the stable smoke test (which seeds the
// `trace_file` target with them) and the regression tests of the trace reader
// (tests/suite/trace_ids.rs). Byte flips rarely keep a trace file JSON, let alone one that
// passes the reader's first checks; these keep the document whole and change one thing a reader
// follows: a node id out of range, a reference that dangles (to a node that exists but is not
// where the reference says), two fields of one record swapped, a field dropped.

use serde_json::Value;

/// Where a number or a field sits in a document: the keys and indices from the root.
#[derive(Clone, Debug)]
pub enum Step {
    /// A field of an object.
    Key(String),
    /// An element of an array.
    Index(usize),
}

/// The path of every value in `doc` that `keep` accepts, in document order (a value before the
/// values inside it).
fn paths_where(doc: &Value, keep: fn(&Value) -> bool) -> Vec<Vec<Step>> {
    fn walk(v: &Value, keep: fn(&Value) -> bool, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        if keep(v) {
            out.push(path.clone());
        }
        match v {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    walk(item, keep, path, out);
                    path.pop();
                }
            }
            Value::Object(map) => {
                for (k, item) in map {
                    path.push(Step::Key(k.clone()));
                    walk(item, keep, path, out);
                    path.pop();
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(doc, keep, &mut Vec::new(), &mut out);
    out
}

/// Every number in `doc` (ids, steps, counts, the compact layout's columns), with its path.
pub fn numbers(doc: &Value) -> Vec<Vec<Step>> {
    paths_where(doc, Value::is_number)
}

/// Every object in `doc` with at least two fields, with its path.
fn objects(doc: &Value) -> Vec<Vec<Step>> {
    paths_where(doc, |v| v.as_object().is_some_and(|m| m.len() >= 2))
}

/// The value at `path`.
pub fn at<'a>(doc: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut v = doc;
    for step in path {
        v = match step {
            Step::Key(k) => v.get_mut(k.as_str())?,
            Step::Index(i) => v.get_mut(*i)?,
        };
    }
    Some(v)
}

/// The node count of a trace document (readable or compact), 0 if it has none.
pub fn node_count(doc: &Value) -> u64 {
    match doc.get("nodes") {
        Some(Value::Array(nodes)) => nodes.len() as u64,
        Some(nodes) => nodes.get("count").and_then(Value::as_u64).unwrap_or(0),
        None => 0,
    }
}

/// The fields that hold a node id, a step or a pass number: what a reader follows.
pub const ID_FIELDS: &[&str] =
    &["id", "node", "child", "parent", "bound_from", "from", "to", "root", "pass", "step"];

/// Whether the number at `path` sits in a field that names a node, a step or a pass (in the
/// compact layout, whose columns are arrays, every number does).
pub fn names_something(path: &[Step]) -> bool {
    let key = path.iter().rev().find_map(|s| match s {
        Step::Key(k) => Some(k.as_str()),
        Step::Index(_) => None,
    });
    matches!(path.last(), Some(Step::Index(_))) || key.is_some_and(|k| ID_FIELDS.contains(&k))
}

/// The values a number is set to: just past the last node, far out of range, the largest ids
/// and counts, one less than itself (a reference to the neighbouring node), zero (the root).
pub fn replacements(doc: &Value, old: &Value) -> Vec<Value> {
    let n = node_count(doc);
    let mut out: Vec<Value> = [n, n + 1, 99, u32::MAX as u64 - 1, u32::MAX as u64, u64::MAX, 0]
        .into_iter()
        .map(Value::from)
        .collect();
    if let Some(v) = old.as_u64() {
        out.push(Value::from(v.saturating_sub(1)));
        out.push(Value::from(v + 1));
    }
    out.push(Value::from(-1));
    out.push(Value::Null);
    out
}

/// A trace document with its numbers and records found once, for many mutations of it (each
/// mutation walked the whole document again before).
pub struct Mutations<'a> {
    doc: &'a Value,
    nums: Vec<Vec<Step>>,
    ids: Vec<usize>,
    objs: Vec<Vec<Step>>,
}

impl<'a> Mutations<'a> {
    /// `doc`'s numbers (those that name something among them) and records of two fields or more.
    pub fn new(doc: &'a Value) -> Self {
        let nums = numbers(doc);
        let ids = (0..nums.len()).filter(|&i| names_something(&nums[i])).collect();
        Mutations { doc, nums, ids, objs: objects(doc) }
    }

    /// How many of its numbers name something (a node, a step, a pass).
    pub fn ids(&self) -> usize {
        self.ids.len()
    }

    /// One structure-aware mutation of the document, chosen by `pick` (any number: it is reduced
    /// to the mutations the document has). `None` if it has nothing to mutate.
    pub fn mutate(&self, pick: u64) -> Option<Value> {
        let (doc, nums, objs) = (self.doc, &self.nums, &self.objs);
        if nums.is_empty() {
            return None;
        }
        let mut out = doc.clone();
        let kind = pick % 4;
        let pick = pick / 4;
        match kind {
            // A number set to an id out of range, or to a neighbouring (dangling) one; mostly
            // the numbers that name something.
            0 | 1 => {
                // The numbers that name something (by their index in `nums`), or all of them.
                let by_id = kind == 0 && !self.ids.is_empty();
                let pool = if by_id { self.ids.len() } else { nums.len() } as u64;
                let k = (pick % pool) as usize;
                let path = &nums[if by_id { self.ids[k] } else { k }];
                let old = at(&mut out, path)?.clone();
                let choices = replacements(doc, &old);
                let new = choices[((pick / pool) % choices.len() as u64) as usize].clone();
                *at(&mut out, path)? = new;
            }
            // Two numbers anywhere swapped (a parent for a child, a step for a node, ...).
            2 => {
                let a = &nums[(pick % nums.len() as u64) as usize];
                let b = &nums[((pick / nums.len() as u64) % nums.len() as u64) as usize];
                let va = at(&mut out, a)?.clone();
                let vb = at(&mut out, b)?.clone();
                *at(&mut out, a)? = vb;
                *at(&mut out, b)? = va;
            }
            // Two fields of one record swapped, or one dropped.
            _ => {
                if objs.is_empty() {
                    return None;
                }
                let path = &objs[(pick % objs.len() as u64) as usize];
                let obj = at(&mut out, path)?.as_object_mut()?;
                let keys: Vec<String> = obj.keys().cloned().collect();
                let r = pick / objs.len() as u64;
                let i = (r % keys.len() as u64) as usize;
                let j = ((r / keys.len() as u64) % keys.len() as u64) as usize;
                if i == j {
                    obj.remove(&keys[i]);
                } else {
                    let vi = obj[&keys[i]].clone();
                    let vj = std::mem::replace(obj.get_mut(&keys[j])?, vi);
                    obj.insert(keys[i].clone(), vj);
                }
            }
        }
        Some(out)
    }
}
