/// A validated page request: page is 1-based, limit between 1 and `max_limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub page: u32,
    pub limit: u32,
}

impl Default for PageRequest {
    fn default() -> Self {
        PageRequest { page: 1, limit: 10 }
    }
}

impl PageRequest {
    /// Fills in defaults for missing values and clamps the limit into `1..=max_limit`.
    /// A page below 1 is read as page 1: paging is forgiving, never an error.
    pub fn new(page: Option<i64>, limit: Option<i64>, default_limit: u32, max_limit: u32) -> Self {
        let page = page.unwrap_or(1).clamp(1, i64::from(u32::MAX)) as u32;
        let limit = limit
            .unwrap_or(i64::from(default_limit))
            .clamp(1, i64::from(max_limit)) as u32;
        PageRequest { page, limit }
    }

    pub fn offset(&self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.limit)
    }
}

/// One page of results with the total count across all pages.
#[derive(Debug, Clone, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total_items: u64,
    pub request: PageRequest,
}

impl<T> Page<T> {
    pub fn total_pages(&self) -> u64 {
        self.total_items.div_ceil(u64::from(self.request.limit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_clamps() {
        assert_eq!(PageRequest::new(None, None, 10, 1000), PageRequest { page: 1, limit: 10 });
        assert_eq!(PageRequest::new(Some(0), Some(5000), 10, 1000), PageRequest { page: 1, limit: 1000 });
        assert_eq!(PageRequest::new(Some(3), Some(-4), 10, 1000), PageRequest { page: 3, limit: 1 });
        assert_eq!(PageRequest::new(Some(3), Some(20), 10, 1000).offset(), 40);
    }

    #[test]
    fn total_pages_rounds_up() {
        let page = Page::<u8> { items: vec![], total_items: 21, request: PageRequest { page: 1, limit: 10 } };
        assert_eq!(page.total_pages(), 3);
        let empty = Page::<u8> { items: vec![], total_items: 0, request: PageRequest { page: 1, limit: 10 } };
        assert_eq!(empty.total_pages(), 0);
    }
}
