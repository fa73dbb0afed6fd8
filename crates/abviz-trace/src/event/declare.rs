//! The macro that turns the event table (`event/table.rs`) into code. Everything that reads or
//! writes events by kind is generated here, so a kind is declared once:
//!
//! - [`Event`](crate::Event) and [`EventKind`](crate::EventKind) (JSON names from the table),
//!   their accessors (`node`, `second`, `focus`, `window`, `value`, `effect`) and the kind's
//!   facts (`lines`, `fields`, `docs`);
//! - the log's codec: `encode`, `decode`, `advance` (the decoder's shape state) and the table
//!   of codes, which the compact trace file shares;
//! - the [`Observer`](crate::Observer) trait with its no-op defaults, the hooks the table marks
//!   `records` (they record their event through [`Observer::record_here`](crate::Observer)),
//!   and [`Both`](crate::Both)'s forwarding.
//!
//! That is the table's `codec` reading, expanded in `event/table.rs`. Its `narration` reading,
//! expanded in `narration/mod.rs`, gives `EventKind::narration` (the `say` template or the
//! `narrate` function) and `Event::arg` (the fields as a sentence's slots): the event log stays
//! below the narration, which reads the timeline and the trace built over the log.
//!
//! # The table's grammar
//!
//! ```text
//! observer: { /// the Observer trait's documentation }
//! hooks: { /// docs
//!          fn name(arg: Type, …) [-> Result | -> bool]; … }   // hooks without an event
//! /// The Event variant's documentation.
//! Kind "json-name" {
//!     /// A field's documentation.
//!     field: Type [wire modifiers…],
//!     …
//! } {
//!     code: N,                        // its compact code (N + the index of a code field's value)
//!     stack: effect(field),           // push(f) | restart(f) | clear | pop(f) | pop_to_root(f) | stay
//!     lines: [LineRole, …],           // the pseudocode roles it executes, most specific first
//!     say: "template",  or  narrate: path::to::selector,
//!     docs: "what it means, for docs/trace-format.md",
//!     hook: /// docs
//!           fn name(arg: Type, …) [-> Result | -> bool] [=> records(node[, child])];
//! }
//! …
//! ```
//!
//! A field's wire (how the compact layout writes it) comes first in its brackets:
//!
//! | wire | field | written |
//! | --- | --- | --- |
//! | `node`, `node next`, `node last` | the node the event is about | only when it is not the one implied: the node on top of the stack, the next new id, the node that returned last |
//! | `child`, `child next`, `child last` | its second node | likewise (plain `child`: always) |
//! | `code "a", "b", …` | a [`CodeField`](super::CodeField) | in the code byte: the kind's code plus the value's index; the names label the codes |
//! | `score` | a score | its score code |
//! | `small`, `num` | a `u32`, a `u64` | a variable-length number |
//! | `float` | an `f64` | 8 bytes |
//! | `opt_id`, `opt_num` | an optional node id, an optional count | 0 for none, v + 1 otherwise |
//! | `coded` | a [`Coded`](super::Coded) enum | its code |
//!
//! Modifiers: `lo` / `hi` (the window the event gives its focus node), `open` (left out, with a
//! short code, when the window is [−∞, +∞]), `last` (left out when it equals the last value
//! evaluated or returned), `keep` (it becomes the last value), `value` (the value the event
//! carries: the page shows it), `next` on a node also moves the next new id past it, `creates`
//! on a count adds it to the next new id (nodes recorded as pruned).
//!
//! A hook marked `records(node)` or `records(node, child)` records its event as it is: `node`
//! is the node executing, `child` the child that returned last, and the hook's arguments are the
//! other fields, by name. Other hooks are the recorder's own to implement.

/// Turns the event table into code (see the module documentation).
macro_rules! events {
    (
        $reading:ident;
        observer: { $(#[$odoc:meta])* }
        hooks: {
            $(
                $(#[$xdoc:meta])*
                fn $xhook:ident ( $($xarg:ident : $xaty:ty),* $(,)? ) $(-> $xret:ident)? ;
            )*
        }
        $(
            $(#[$kdoc:meta])*
            $Kind:ident $name:tt {
                $( $(#[$fdoc:meta])* $field:ident : $fty:ty [ $($role:tt)* ] ),* $(,)?
            } {
                code: $code:tt,
                stack: $effect:ident $( ( $target:ident ) )?,
                lines: [ $($line:ident),* $(,)? ],
                $( say: $say:tt, )?
                $( narrate: $narrate:path, )?
                docs: $docs:tt,
                $(
                    hook: $(#[$hdoc:meta])*
                    fn $hook:ident ( $($arg:ident : $aty:ty),* $(,)? ) $(-> $ret:ident)?
                    $(=> records ( $($here:ident),* ))? ;
                )?
            }
        )*
    ) => { $crate::event::declare::__ev_reading! { $reading codec {
        /// One step of a search, with its data. Windows and values are MAX's view. The kinds,
        /// their fields and JSON names are declared in the event table (`event/table.rs`).
        #[derive(Clone, Copy, Debug, PartialEq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(tag = "kind")]
        pub enum Event {
            $(
                $(#[$kdoc])*
                #[serde(rename = $name)]
                $Kind { $( $(#[$fdoc])* $field: $fty, )* },
            )*
        }

        /// The kind of an [`Event`], without its data.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        pub enum EventKind {
            $(
                #[doc = concat!("[`Event::", stringify!($Kind), "`]: ", $docs)]
                #[serde(rename = $name)]
                $Kind,
            )*
        }

        impl EventKind {
            /// Every kind, in the table's order (its [`EventKind::index`]).
            pub const ALL: &'static [EventKind] = &[$(EventKind::$Kind),*];

            /// The name used in JSON and the page ("enter", "tt-hit", ...).
            pub fn name(self) -> &'static str {
                match self { $(EventKind::$Kind => $name,)* }
            }

            /// Its place in the event table: the page's number for the kind.
            pub fn index(self) -> usize {
                self as usize
            }

            /// What an event of this kind means (docs/trace-format.md says the same).
            pub fn docs(self) -> &'static str {
                match self { $(EventKind::$Kind => $docs,)* }
            }

            /// The pseudocode roles an event of this kind executes, most specific first, when
            /// nothing about the event itself says more (see [`crate::pseudocode::line_of`]).
            pub fn lines(self) -> &'static [$crate::LineRole] {
                match self { $(EventKind::$Kind => &[$($crate::LineRole::$line),*],)* }
            }

            /// Its fields, in order, as the trace file names and writes them.
            pub fn fields(self) -> &'static [$crate::event::FieldInfo] {
                match self {
                    $(EventKind::$Kind => &[
                        $($crate::event::declare::__ev_field_info!($field; $fty; [$($role)*]),)*
                    ],)*
                }
            }

            /// Whether its events name a second node (a child).
            pub fn has_child(self) -> bool {
                match self {
                    $(EventKind::$Kind => false $(|| $crate::event::declare::__ev_if!(child [$($role)*] {true} {false}))*,)*
                }
            }

            /// Its stack effect as the table declares it: `push`, `restart`, `clear`, `pop`,
            /// `pop_to_root` or `stay`, and the field it names.
            pub fn stack(self) -> (&'static str, Option<&'static str>) {
                match self {
                    $(EventKind::$Kind => (stringify!($effect), None $(.or(Some(stringify!($target))))?),)*
                }
            }

            /// Its first compact code (a code field adds its value's index).
            pub(crate) fn code(self) -> u8 {
                match self { $(EventKind::$Kind => $code,)* }
            }
        }

        /// The event kind of each compact code (the code byte's low five bits).
        #[allow(unused_mut, unused_assignments)]
        pub(crate) const CODE_KINDS: [Option<EventKind>; 32] = {
            let mut table = [None; 32];
            $(
                let mut count: usize = 1;
                $($crate::event::declare::__ev_if!(code [$($role)*] {
                    count = $crate::event::declare::__ev_code_count!($fty; [$($role)*]);
                } {});)*
                let mut i = 0;
                while i < count {
                    assert!(table[$code as usize + i].is_none(), concat!("a code of ", $name, " is taken"));
                    table[$code as usize + i] = Some(EventKind::$Kind);
                    i += 1;
                }
            )*
            table
        };

        #[allow(unused_variables, unused_mut, unused_assignments)]
        impl Event {
            /// The event's kind.
            pub fn kind(&self) -> EventKind {
                match self { $(Event::$Kind { .. } => EventKind::$Kind,)* }
            }

            /// The node the event is about (for an update: the node taking the value in; for a
            /// selection or an expansion: the parent). `None` for pass boundaries.
            pub fn node(&self) -> Option<$crate::NodeId> {
                match *self {
                    $(Event::$Kind { $($field),* } => {
                        let mut out = None;
                        $($crate::event::declare::__ev_if!(node [$($role)*] { out = Some($field); } {});)*
                        out
                    })*
                }
            }

            /// The second node the event names: an update's or cutoff's child, a selected or
            /// new child.
            pub fn second(&self) -> Option<$crate::NodeId> {
                match *self {
                    $(Event::$Kind { $($field),* } => {
                        let mut out = None;
                        $($crate::event::declare::__ev_if!(child [$($role)*] { out = Some($field); } {});)*
                        out
                    })*
                }
            }

            /// The value the event carries: an evaluation, a returned or backed-up value, a
            /// stored or used table entry's, a pass's result, a stand-pat value.
            pub fn value(&self) -> Option<::abviz_core::Score> {
                match *self {
                    $(Event::$Kind { $($field),* } => {
                        let mut out = None;
                        $($crate::event::declare::__ev_if!(value [$($role)*] { out = Some($field); } {});)*
                        out
                    })*
                }
            }

            /// The window this event gives its focus node, if it carries one.
            pub fn window(&self) -> Option<(::abviz_core::Score, ::abviz_core::Score)> {
                match *self {
                    $(Event::$Kind { $($field),* } => {
                        let (mut lo, mut hi) = (None, None);
                        $(
                            $crate::event::declare::__ev_if!(lo [$($role)*] { lo = Some($field); } {});
                            $crate::event::declare::__ev_if!(hi [$($role)*] { hi = Some($field); } {});
                        )*
                        lo.zip(hi)
                    })*
                }
            }

            /// What the event does to the stack of executing nodes (the timeline's and the
            /// log decoder's).
            pub fn effect(&self) -> $crate::event::Effect {
                match *self {
                    $(Event::$Kind { $($field),* } => {
                        $crate::event::declare::__ev_effect!($effect $(($target))?)
                    })*
                }
            }

            /// The node the search is at after this event: the entered node, the selected or
            /// new child, otherwise [`Event::node`].
            pub fn focus(&self) -> Option<$crate::NodeId> {
                match self.effect() {
                    $crate::event::Effect::Push(id) | $crate::event::Effect::Restart(id) => Some(id),
                    _ => self.node(),
                }
            }
        }

        /// Writes `e`'s numbers (its nodes only when the shape of the search does not imply
        /// them) and returns its code byte.
        #[inline(always)]
        #[allow(unused_variables, unused_mut, unused_assignments)]
        pub(crate) fn encode<W: $crate::event::wire::Sink>(
            e: &Event,
            s: &$crate::event::wire::State,
            w: &mut W,
        ) -> u8 {
            match *e {
                $(Event::$Kind { $($field),* } => {
                    let mut code: u8 = $code;
                    let (mut node, mut want_node) = (s.top, s.top);
                    let (mut second, mut want_second) = ($crate::NONE, $crate::NONE);
                    let (mut shortable, mut short) = (false, true);
                    $($crate::event::declare::__ev_prep!(
                        s code node want_node second want_second shortable short; $field; $fty; [$($role)*]
                    );)*
                    let short = shortable && short;
                    let mut byte = code;
                    if short {
                        byte |= $crate::event::wire::SHORT;
                    }
                    if node != want_node {
                        byte |= $crate::event::wire::OWN_NODE;
                        w.id(node);
                    }
                    if second != want_second {
                        byte |= $crate::event::wire::OWN_CHILD;
                        w.id(second);
                    }
                    $($crate::event::declare::__ev_put!(w short; $field; $fty; [$($role)*]);)*
                    byte
                })*
            }
        }

        /// The event with code byte `byte`, its numbers read from `r`; `None` for a byte that is
        /// no event code.
        #[inline]
        #[allow(unused_variables, unused_mut, unused_assignments)]
        pub(crate) fn decode<R: $crate::event::wire::Source>(
            byte: u8,
            s: &$crate::event::wire::State,
            r: &mut R,
        ) -> Option<Event> {
            let code = byte & $crate::event::wire::KIND;
            let kind = CODE_KINDS[code as usize]?;
            let short = byte & $crate::event::wire::SHORT != 0;
            let variant = code - kind.code();
            Some(match kind {
                $(EventKind::$Kind => {
                    let (mut want_node, mut want_second) = (s.top, $crate::NONE);
                    $($crate::event::declare::__ev_implied!(s want_node want_second; [$($role)*]);)*
                    let node = if byte & $crate::event::wire::OWN_NODE != 0 { r.id() } else { want_node };
                    let second = if byte & $crate::event::wire::OWN_CHILD != 0 { r.id() } else { want_second };
                    $(let $field = $crate::event::declare::__ev_get!(r s short variant node second; $fty; [$($role)*]);)*
                    Event::$Kind { $($field),* }
                })*
            })
        }

        /// Moves the decoder's shape state past `e`: which node is on top, which returned last,
        /// which id is next, the last value.
        #[inline(always)]
        #[allow(unused_variables)]
        pub(crate) fn advance(s: &mut $crate::event::wire::State, e: &Event, nodes: &[$crate::node::Node]) {
            match *e {
                $(Event::$Kind { $($field),* } => {
                    $($crate::event::declare::__ev_advance!(s; $field; [$($role)*]);)*
                    $crate::event::declare::__ev_advance_effect!(s nodes; $effect $(($target))?);
                })*
            }
        }

        /// An event of `kind` with every number at its largest and every id written out.
        #[cfg(test)]
        pub(crate) fn longest(kind: EventKind) -> Event {
            match kind {
                $(EventKind::$Kind => Event::$Kind {
                    $($field: $crate::event::declare::__ev_longest!($fty; [$($role)*]),)*
                },)*
            }
        }

        $(#[$odoc])*
        pub trait Observer<G: ::abviz_core::Game> {
            $($(
                $crate::event::declare::__ev_hook! {
                    $Kind; $(#[$hdoc])* fn $hook($($arg: $aty),*) $(-> $ret)? $(=> records($($here),*))?
                }
            )?)*
            $(
                $crate::event::declare::__ev_hook! {
                    none; $(#[$xdoc])* fn $xhook($($xarg: $xaty),*) $(-> $xret)?
                }
            )*

            /// Records `event`, made from the node executing and the child that returned last:
            /// how the hooks the event table marks `records` report. The recorder keeps it;
            /// other observers ignore it.
            #[inline(always)]
            fn record_here(&mut self, event: impl FnOnce($crate::event::Here) -> Event) {
                let _ = event;
            }
        }

        impl<G: ::abviz_core::Game, A: Observer<G>, B: Observer<G>> Observer<G> for $crate::Both<A, B> {
            $($(
                $crate::event::declare::__ev_both! { fn $hook($($arg: $aty),*) $(-> $ret)? }
            )?)*
            $(
                $crate::event::declare::__ev_both! { fn $xhook($($xarg: $xaty),*) $(-> $xret)? }
            )*
        }
    } narration {
        impl $crate::EventKind {
            /// How its sentence is made: a template, or a function that chooses one.
            pub fn narration(self) -> $crate::narration::Narration {
                match self {
                    $($crate::EventKind::$Kind => $crate::event::declare::__ev_narration!($(say $say)? $(narrate $narrate)?),)*
                }
            }
        }

        impl $crate::Event {
            /// The field called `name`, as a sentence's slot takes it (`None`: no such field).
            pub fn arg(&self, name: &str) -> Option<$crate::narration::Arg> {
                match *self {
                    $($crate::Event::$Kind { $($field),* } => {
                        $(if name == stringify!($field) {
                            return Some($crate::event::declare::__ev_arg!($field; $fty; [$($role)*]));
                        })*
                        None
                    })*
                }
            }
        }
    } } };
}

/// Keeps the part of the table's code that one reading asks for: `codec` (the event types,
/// the codec, the observer; `event/table.rs`) or `narration` (how each kind's sentence is made
/// and its fields as a sentence's slots; `narration/mod.rs`). Each reading names only what lies
/// below it, so the event log does not depend on the narration, which depends on the timeline.
macro_rules! __ev_reading {
    (codec codec { $($codec:tt)* } narration { $($narration:tt)* }) => { $($codec)* };
    (narration codec { $($codec:tt)* } narration { $($narration:tt)* }) => { $($narration)* };
}

/// `{yes}` if the keyword is among a field's wire and modifiers, `{no}` otherwise.
macro_rules! __ev_if {
    (node [node $($r:tt)*] $y:tt $n:tt) => { $y };
    (child [child $($r:tt)*] $y:tt $n:tt) => { $y };
    (code [code $($r:tt)*] $y:tt $n:tt) => { $y };
    (value [value $($r:tt)*] $y:tt $n:tt) => { $y };
    (lo [lo $($r:tt)*] $y:tt $n:tt) => { $y };
    (hi [hi $($r:tt)*] $y:tt $n:tt) => { $y };
    (open [open $($r:tt)*] $y:tt $n:tt) => { $y };
    (last [last $($r:tt)*] $y:tt $n:tt) => { $y };
    (keep [keep $($r:tt)*] $y:tt $n:tt) => { $y };
    (next [next $($r:tt)*] $y:tt $n:tt) => { $y };
    (creates [creates $($r:tt)*] $y:tt $n:tt) => { $y };
    ($k:ident [$f:tt $($r:tt)*] $y:tt $n:tt) => { $crate::event::declare::__ev_if!($k [$($r)*] $y $n) };
    ($k:ident [] $y:tt $n:tt) => { $n };
}

/// How a kind's sentence is made.
macro_rules! __ev_narration {
    (say $t:tt) => {
        $crate::narration::Narration::Template($t)
    };
    (narrate $p:path) => {
        $crate::narration::Narration::Chosen($p)
    };
}

/// The number of values a code field takes (checked against its type's).
macro_rules! __ev_code_count {
    ($t:ty; [code $($n:literal),+ $(,)?]) => {{
        let names: &[&str] = &[$($n),+];
        assert!(
            names.len() == <$t as $crate::event::CodeField>::COUNT,
            "a code field names each of its values"
        );
        names.len()
    }};
}

/// A field's [`FieldInfo`](crate::event::FieldInfo).
macro_rules! __ev_field_info {
    ($f:ident; $t:ty; [$w:ident $($r:tt)*]) => {
        $crate::event::FieldInfo {
            name: stringify!($f),
            wire: $crate::event::declare::__ev_wire!($t; [$w $($r)*]),
            short: $crate::event::declare::__ev_if!(open [$($r)*] {$crate::event::Short::Open} {
                $crate::event::declare::__ev_if!(last [$($r)*] {$crate::event::Short::Last} {$crate::event::Short::Never})
            }),
            keep: $crate::event::declare::__ev_if!(keep [$($r)*] {true} {false}),
            creates: $crate::event::declare::__ev_if!(creates [$($r)*] {true} {false}),
            codes: $crate::event::declare::__ev_codes!([$w $($r)*]),
            values: $crate::event::declare::__ev_values!($t; [$w $($r)*]),
        }
    };
}

/// A field's [`Wire`](crate::event::Wire).
macro_rules! __ev_wire {
    ($t:ty; [node next $($r:tt)*]) => {
        $crate::event::Wire::Node($crate::event::Implied::Next)
    };
    ($t:ty; [node last $($r:tt)*]) => {
        $crate::event::Wire::Node($crate::event::Implied::Last)
    };
    ($t:ty; [node $($r:tt)*]) => {
        $crate::event::Wire::Node($crate::event::Implied::Top)
    };
    ($t:ty; [child next $($r:tt)*]) => {
        $crate::event::Wire::Child($crate::event::Implied::Next)
    };
    ($t:ty; [child last $($r:tt)*]) => {
        $crate::event::Wire::Child($crate::event::Implied::Last)
    };
    ($t:ty; [child $($r:tt)*]) => {
        $crate::event::Wire::Child($crate::event::Implied::Never)
    };
    ($t:ty; [code $($r:tt)*]) => {
        $crate::event::Wire::Code
    };
    ($t:ty; [score $($r:tt)*]) => {
        $crate::event::Wire::Score
    };
    ($t:ty; [small $($r:tt)*]) => {
        $crate::event::Wire::Small
    };
    ($t:ty; [num $($r:tt)*]) => {
        $crate::event::Wire::Num
    };
    ($t:ty; [float $($r:tt)*]) => {
        $crate::event::Wire::Float
    };
    ($t:ty; [opt_id $($r:tt)*]) => {
        $crate::event::Wire::OptId
    };
    ($t:ty; [opt_num $($r:tt)*]) => {
        $crate::event::Wire::OptNum
    };
    ($t:ty; [coded $($r:tt)*]) => {
        $crate::event::Wire::Coded
    };
}

/// A code field's code names (empty for other fields).
macro_rules! __ev_codes {
    ([code $($n:literal),+ $(,)?]) => { &[$($n),+] };
    ([$($r:tt)*]) => { &[] };
}

/// An enum field's JSON values (empty for other fields).
macro_rules! __ev_values {
    ($t:ty; [code $($r:tt)*]) => {
        <$t as $crate::event::CodeField>::JSON
    };
    ($t:ty; [coded $($r:tt)*]) => {
        <$t as $crate::event::Coded>::NAMES
    };
    ($t:ty; [$($r:tt)*]) => {
        &[]
    };
}

/// Encoding, first pass: a field's share in the code byte (nodes, code, short).
macro_rules! __ev_prep {
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [node next $($r:tt)*]) => {
        $n = $f;
        $wn = $s.next_id;
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [node last $($r:tt)*]) => {
        $n = $f;
        $wn = $s.last_exit;
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [node $($r:tt)*]) => {
        $n = $f;
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [child next $($r:tt)*]) => {
        $sec = $f;
        $ws = $s.next_id;
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [child last $($r:tt)*]) => {
        $sec = $f;
        $ws = $s.last_exit;
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [child $($r:tt)*]) => {
        $sec = $f;
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [code $($r:tt)*]) => {
        $c += <$t as $crate::event::CodeField>::index($f);
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [score $($r:tt)*]) => {
        $crate::event::declare::__ev_if!(open [$($r)*] {
            $sa = true;
            $sh &= $f == $crate::event::declare::__ev_if!(lo [$($r)*] {::abviz_core::Score::NEG_INF} {::abviz_core::Score::INF});
        } {
            $crate::event::declare::__ev_if!(last [$($r)*] {
                $sa = true;
                $sh &= $f == $s.last_value;
            } {})
        })
    };
    ($s:ident $c:ident $n:ident $wn:ident $sec:ident $ws:ident $sa:ident $sh:ident; $f:ident; $t:ty; [$($r:tt)*]) => {};
}

/// Encoding, second pass: a field's numbers.
macro_rules! __ev_put {
    ($w:ident $sh:ident; $f:ident; $t:ty; [node $($r:tt)*]) => {};
    ($w:ident $sh:ident; $f:ident; $t:ty; [child $($r:tt)*]) => {};
    ($w:ident $sh:ident; $f:ident; $t:ty; [code $($r:tt)*]) => {};
    ($w:ident $sh:ident; $f:ident; $t:ty; [score $($r:tt)*]) => {
        if !($crate::event::declare::__ev_if!(open [$($r)*] {$sh} {
            $crate::event::declare::__ev_if!(last [$($r)*] {$sh} {false})
        })) {
            $w.score($f);
        }
    };
    ($w:ident $sh:ident; $f:ident; $t:ty; [small $($r:tt)*]) => { $w.num(u64::from($f)) };
    ($w:ident $sh:ident; $f:ident; $t:ty; [num $($r:tt)*]) => { $w.num($f) };
    ($w:ident $sh:ident; $f:ident; $t:ty; [float $($r:tt)*]) => { $w.float($f) };
    ($w:ident $sh:ident; $f:ident; $t:ty; [opt_id $($r:tt)*]) => { $w.opt($f) };
    ($w:ident $sh:ident; $f:ident; $t:ty; [opt_num $($r:tt)*]) => { $w.opt_num($f) };
    ($w:ident $sh:ident; $f:ident; $t:ty; [coded $($r:tt)*]) => {
        $w.num(u64::from(<$t as $crate::event::Coded>::code($f)))
    };
}

/// Decoding: the node and second node the shape of the search implies.
macro_rules! __ev_implied {
    ($s:ident $wn:ident $ws:ident; [node next $($r:tt)*]) => {
        $wn = $s.next_id;
    };
    ($s:ident $wn:ident $ws:ident; [node last $($r:tt)*]) => {
        $wn = $s.last_exit;
    };
    ($s:ident $wn:ident $ws:ident; [child next $($r:tt)*]) => {
        $ws = $s.next_id;
    };
    ($s:ident $wn:ident $ws:ident; [child last $($r:tt)*]) => {
        $ws = $s.last_exit;
    };
    ($s:ident $wn:ident $ws:ident; [$($r:tt)*]) => {};
}

/// Decoding: a field's value.
macro_rules! __ev_get {
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [node $($m:tt)*]) => { $n };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [child $($m:tt)*]) => { $sec };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [code $($m:tt)*]) => {
        <$t as $crate::event::CodeField>::from_index($v)
    };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [score $($m:tt)*]) => {
        $crate::event::declare::__ev_if!(open [$($m)*] {
            if $sh {
                $crate::event::declare::__ev_if!(lo [$($m)*] {::abviz_core::Score::NEG_INF} {::abviz_core::Score::INF})
            } else {
                $r.score()
            }
        } {
            $crate::event::declare::__ev_if!(last [$($m)*] {
                if $sh { $s.last_value } else { $r.score() }
            } {
                $r.score()
            })
        })
    };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [small $($m:tt)*]) => { $r.small() };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [num $($m:tt)*]) => { $r.num() };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [float $($m:tt)*]) => { $r.float() };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [opt_id $($m:tt)*]) => { $r.opt() };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [opt_num $($m:tt)*]) => { $r.opt_num() };
    ($r:ident $s:ident $sh:ident $v:ident $n:ident $sec:ident; $t:ty; [coded $($m:tt)*]) => {
        <$t as $crate::event::Coded>::from_code($r.small())
    };
}

/// The decoder's shape state after a field: new ids, pruned nodes recorded, the last value.
macro_rules! __ev_advance {
    ($s:ident; $f:ident; [node next $($r:tt)*]) => {
        if $f >= $s.next_id && $f != $crate::NONE {
            $s.next_id = $f + 1;
        }
    };
    ($s:ident; $f:ident; [child next $($r:tt)*]) => {
        if $f >= $s.next_id && $f != $crate::NONE {
            $s.next_id = $f + 1;
        }
    };
    ($s:ident; $f:ident; [small creates $($r:tt)*]) => {
        $s.next_id = $s.next_id.saturating_add($f);
    };
    ($s:ident; $f:ident; [score $($r:tt)*]) => {
        $crate::event::declare::__ev_if!(keep [$($r)*] { $s.last_value = $f; } {})
    };
    ($s:ident; $f:ident; [$($r:tt)*]) => {};
}

/// The decoder's shape state after the event's stack effect.
macro_rules! __ev_advance_effect {
    ($s:ident $nodes:ident; push($t:ident)) => {
        $s.top = $t;
    };
    ($s:ident $nodes:ident; restart($t:ident)) => {
        $s.top = $t;
    };
    ($s:ident $nodes:ident; clear) => {
        $s.top = $crate::NONE;
    };
    ($s:ident $nodes:ident; pop($t:ident)) => {
        $s.last_exit = $t;
        $s.top = $nodes.get($t as usize).map_or($crate::NONE, |n| n.parent);
    };
    ($s:ident $nodes:ident; pop_to_root($t:ident)) => {
        $s.last_exit = $t;
        $s.top = $nodes.get($t as usize).map_or($crate::NONE, |n| n.parent);
    };
    ($s:ident $nodes:ident; stay) => {};
}

/// The stack effect as an [`Effect`](crate::event::Effect).
macro_rules! __ev_effect {
    (push($t:ident)) => {
        $crate::event::Effect::Push($t)
    };
    (restart($t:ident)) => {
        $crate::event::Effect::Restart($t)
    };
    (clear) => {
        $crate::event::Effect::Clear
    };
    (pop($t:ident)) => {
        $crate::event::Effect::Pop($t)
    };
    (pop_to_root($t:ident)) => {
        $crate::event::Effect::PopToRoot($t)
    };
    (stay) => {
        $crate::event::Effect::Stay
    };
}

/// A field as a sentence's slot takes it.
macro_rules! __ev_arg {
    ($f:ident; $t:ty; [node $($r:tt)*]) => { $crate::narration::Arg::Node($f) };
    ($f:ident; $t:ty; [child $($r:tt)*]) => { $crate::narration::Arg::Node($f) };
    ($f:ident; $t:ty; [code $($r:tt)*]) => {{
        let names: &[&'static str] = $crate::event::declare::__ev_codes!([code $($r)*]);
        $crate::narration::Arg::Str(names[<$t as $crate::event::CodeField>::index($f) as usize])
    }};
    ($f:ident; $t:ty; [score $($r:tt)*]) => { $crate::narration::Arg::Score($f) };
    ($f:ident; $t:ty; [small $($r:tt)*]) => { $crate::narration::Arg::Num(u64::from($f)) };
    ($f:ident; $t:ty; [num $($r:tt)*]) => { $crate::narration::Arg::Num($f) };
    ($f:ident; $t:ty; [float $($r:tt)*]) => { $crate::narration::Arg::Float($f) };
    ($f:ident; $t:ty; [opt_id $($r:tt)*]) => { $f.map_or($crate::narration::Arg::Nothing, $crate::narration::Arg::Node) };
    ($f:ident; $t:ty; [opt_num $($r:tt)*]) => {
        $f.map_or($crate::narration::Arg::Nothing, |v| $crate::narration::Arg::Num(u64::from(v)))
    };
    ($f:ident; $t:ty; [coded $($r:tt)*]) => {
        $crate::narration::Arg::Str(<$t as $crate::event::Coded>::NAMES[<$t as $crate::event::Coded>::code($f) as usize])
    };
}

/// A field's largest value (every number at its longest, every id written out).
#[cfg(test)]
macro_rules! __ev_longest {
    ($t:ty; [node $($r:tt)*]) => {
        $crate::NONE - 1
    };
    ($t:ty; [child $($r:tt)*]) => {
        $crate::NONE - 1
    };
    ($t:ty; [code $($r:tt)*]) => {
        <$t as $crate::event::CodeField>::from_index(u8::MAX)
    };
    ($t:ty; [score $($r:tt)*]) => {
        ::abviz_core::Score::from(-::abviz_core::Score::MAX_FINITE)
    };
    ($t:ty; [small $($r:tt)*]) => {
        u32::MAX
    };
    ($t:ty; [num $($r:tt)*]) => {
        u64::MAX
    };
    ($t:ty; [float $($r:tt)*]) => {
        1.0
    };
    ($t:ty; [opt_id $($r:tt)*]) => {
        Some($crate::NONE - 1)
    };
    ($t:ty; [opt_num $($r:tt)*]) => {
        Some(u32::MAX - 1)
    };
    ($t:ty; [coded $($r:tt)*]) => {
        <$t as $crate::event::Coded>::from_code(u32::MAX)
    };
}

/// An [`Observer`](crate::Observer) hook with its default body: a no-op (`Ok(())` for a hook
/// that may stop the search, `false` for a question), or the recording of its event.
macro_rules! __ev_hook {
    ($K:ident; $(#[$d:meta])* fn $h:ident($($a:ident: $t:ty),*) => records($($here:ident),*)) => {
        $(#[$d])*
        #[inline(always)]
        fn $h(&mut self, $($a: $t),*) {
            self.record_here(|here| Event::$K { $($here: here.$here,)* $($a),* });
        }
    };
    ($K:ident; $(#[$d:meta])* fn $h:ident($($a:ident: $t:ty),*) -> Result) => {
        $(#[$d])*
        #[inline(always)]
        fn $h(&mut self, $($a: $t),*) -> Result<(), $crate::Stop> {
            let _ = ($($a,)*);
            Ok(())
        }
    };
    ($K:ident; $(#[$d:meta])* fn $h:ident() -> bool) => {
        $(#[$d])*
        #[inline(always)]
        fn $h(&self) -> bool {
            false
        }
    };
    ($K:ident; $(#[$d:meta])* fn $h:ident($($a:ident: $t:ty),*)) => {
        $(#[$d])*
        #[inline(always)]
        fn $h(&mut self, $($a: $t),*) {
            let _ = ($($a,)*);
        }
    };
}

/// A hook of [`Both`](crate::Both): to the first observer, then the second (the first decides
/// whether to stop; a question is asked of both).
macro_rules! __ev_both {
    (fn $h:ident($($a:ident: $t:ty),*) -> Result) => {
        #[inline]
        fn $h(&mut self, $($a: $t),*) -> Result<(), $crate::Stop> {
            self.0.$h($($a),*)?;
            self.1.$h($($a),*)
        }
    };
    (fn $h:ident() -> bool) => {
        #[inline]
        fn $h(&self) -> bool {
            self.0.$h() || self.1.$h()
        }
    };
    (fn $h:ident($($a:ident: $t:ty),*)) => {
        #[inline]
        fn $h(&mut self, $($a: $t),*) {
            self.0.$h($($a),*);
            self.1.$h($($a),*);
        }
    };
}

#[cfg(test)]
pub(crate) use __ev_longest;
pub(crate) use {
    __ev_advance, __ev_advance_effect, __ev_arg, __ev_both, __ev_code_count, __ev_codes, __ev_effect,
    __ev_field_info, __ev_get, __ev_hook, __ev_if, __ev_implied, __ev_narration, __ev_prep, __ev_put,
    __ev_reading, __ev_values, __ev_wire, events,
};
