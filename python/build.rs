//! Sets the cfgs that say which CPython the module is built for (`Py_LIMITED_API`,
//! `Py_3_14`, `Py_GIL_DISABLED`), as PyO3's own code reads them.
fn main() {
    pyo3_build_config::use_pyo3_cfgs();
}
