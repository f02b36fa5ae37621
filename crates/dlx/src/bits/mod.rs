//! Dense bitsets: Algorithms X and C for small problems, with copies instead of undo.
//!
//! A level's whole state is one **frame**: a bitset of the options still in
//! play (`live`), the number of options in play of each primary item (`count`:
//! above [`Count::MAX_LEN`] for an item already covered; 8 bits each when no
//! item has more than 127 options, else 16), and with colours a bitset of the
//! secondary items purified so far (`pure`). Trying an option copies the
//! level's frame to the next level and changes the copy; backtracking just
//! returns to the frame below, which nothing touched. On a problem of a few
//! hundred or thousand options a frame is a few hundred bytes, so the copy is
//! cheaper than undoing the updates one by one, and the counts sit side by
//! side in a short array that is quick to scan for the item to branch on.
//!
//! The search is otherwise the one of the links engine, step for step: the same
//! item chosen at each node (the first active primary item with the fewest
//! options), its options tried in the order they were given. So the search
//! tree and the order of the solutions are those of dancing links. An option
//! tried is committed as a whole, its own primary items counting as covered
//! from the start. If that leaves another primary item without options, the
//! level below chooses that item and finds nothing to try, as in the links
//! (committing item by item, below, drops the option at once instead, and still
//! counts that level's node). So the nodes are DLX1's, while the updates and
//! cleansings are those of the work done, counted by DLX1's and DLX2's rules:
//! hiding an option counts one update for each of its other items not
//! purified, covering an item one more, and purifying counts the cleansings
//! DLX2 counts. Without colours that work is the links' own, option for option,
//! so the updates are DLX1's too (but when committing item by item).
//!
//! Which options committing an option puts out of play does not depend on the
//! order of its items: they are the options that conflict with it, known in
//! advance. So an option is committed in one sweep over its *conflicts*:
//! the words of `live` that hold options sharing an item with it (or giving
//! one of its coloured items another colour, or none), each with the mask of
//! those options, made once per problem. Each word is cleared of them at once,
//! and only the options actually in play cost a step each. When `live` is
//! short (at most 16 words, no colours: a 9×9 sudoku has 12), an option's
//! conflicts are also kept as a mask for every word: the sweep then clears
//! all the words without a loop over a list, and visits only the words where
//! it hid options, instead of testing each word of the list, a branch the
//! processor mispredicts when words hold one option or none. With colours the
//! option's coloured items are marked purified before the sweep and their
//! cleansings counted after it, so the updates and cleansings are at most
//! DLX2's. On problems whose conflicts would fill more than [`CONFLICT_ROOM`](shape::CONFLICT_ROOM)
//! words (or, with colours, that have options of more than 64 items) the
//! items are committed one by one in the links' order instead (from the one
//! after the chosen item, wrapping round), and an option is dropped as soon as
//! an item runs out. Commitments and descents commit whole options, as the
//! links engine does, but only in `live`: the counts of the root frame are
//! settled once, when a search starts, however many options were committed
//! (a sudoku's givens are a few dozen).
//!
//! Level `l` works in frame `levels[l].frame`: on entering it, the frame is
//! the state of the search there; once its item is chosen, the item is covered
//! in that frame in place, since only the frames above are made from it. A
//! level with a single option (a forced move, the rule on sudoku) commits it
//! in its own frame, which the next level then shares: nothing is copied. The
//! frame `root` holds the state after the commitments and descents, copied
//! into frame 0 when a search starts. Frames are allocated as the search first
//! reaches a depth, so memory follows the depth of the search, not the number
//! of items.

mod bounded;
mod frame;
mod search;
mod shape;

use frame::{Frame, Slab, choose, choose_sharp, copy_words};
use search::Level;
use shape::{Count, Shape};

pub(crate) use search::Bits;
pub(crate) use shape::{frame_bytes, narrow, takes};
