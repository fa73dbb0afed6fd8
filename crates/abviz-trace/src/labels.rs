//! [`Labels`]: the recorder's table of move labels and node names, each text stored once.

use crate::model::NONE;
use abviz_core::Game;
use rustc_hash::FxHashMap;

/// Labels above this key are interned by text instead of through the key cache.
const LABEL_CACHE_LIMIT: u32 = 1 << 22;

/// Every distinct label (and node name) a recording met, by id; a move's label is formatted
/// once per label key ([`Game::label_key`]).
#[derive(Default)]
pub(crate) struct Labels {
    /// The texts, by id.
    pub(crate) texts: Vec<String>,
    ids: FxHashMap<String, u32>,
    /// Label key → id ([`NONE`] where not met yet).
    cache: Vec<u32>,
    buf: String,
}

impl Labels {
    /// The id of `text`, stored if new.
    pub(crate) fn intern(&mut self, text: &str) -> u32 {
        self.buf.clear();
        self.buf.push_str(text);
        self.intern_buf()
    }

    fn intern_buf(&mut self) -> u32 {
        if let Some(&id) = self.ids.get(self.buf.as_str()) {
            return id;
        }
        let id = self.texts.len() as u32;
        self.texts.push(self.buf.clone());
        self.ids.insert(self.buf.clone(), id);
        id
    }

    /// The id of the label of `mv` played from `game`.
    #[inline(always)]
    pub(crate) fn of<G: Game>(&mut self, game: &G, mv: G::Move) -> u32 {
        let key = game.label_key(mv).filter(|&k| k < LABEL_CACHE_LIMIT);
        if let Some(k) = key
            && let Some(&id) = self.cache.get(k as usize)
            && id != NONE
        {
            return id;
        }
        self.buf.clear();
        game.write_move_label(mv, &mut self.buf);
        let id = self.intern_buf();
        if let Some(k) = key {
            if self.cache.len() <= k as usize {
                self.cache.resize(k as usize + 1, NONE);
            }
            self.cache[k as usize] = id;
        }
        id
    }
}
