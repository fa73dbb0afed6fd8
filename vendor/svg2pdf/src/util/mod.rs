pub mod allocate;
pub mod context;
pub mod helper;
pub mod resources;
