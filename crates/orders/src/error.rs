use kernel::{CodRefusal, StoreError};

/// Every way an order use case can fail. The HTTP layer maps each to a status code.
#[derive(Debug, thiserror::Error)]
pub enum OrdersError {
    /// Input broke a rule; the message is the sentence for the user.
    #[error("{message}")]
    Invalid { field: &'static str, message: String },
    /// Well-formed input that breaks a rule (422): the message is the sentence for the user.
    #[error("{message}")]
    Rule { field: &'static str, code: &'static str, message: String },
    #[error("Your cart is empty")]
    EmptyCart,
    /// A line or the order's total would not fit in the shop's money type.
    #[error("The order's total is too large")]
    TotalTooLarge,
    /// The cart was used or changed by another request while this order was placed:
    /// nothing was changed.
    #[error("Your cart changed while the order was being placed. Please check it and try again.")]
    CartChanged,
    /// No such address of this customer.
    #[error("Address not found")]
    AddressNotFound,
    /// The chosen address lacks what a courier needs (a recipient's name or phone, a state
    /// from the list, a PIN code of that state): saved before those were asked for.
    #[error("{0}")]
    IncompleteAddress(String),
    /// A cash-on-delivery rule refuses the order; nothing was changed.
    #[error(transparent)]
    Cod(CodRefusal),
    /// The account placing the order no longer exists.
    #[error("Account not found")]
    AccountNotFound,
    /// No such order, or another customer's.
    #[error("Order not found")]
    NotFound,
    /// No such return request, or another customer's.
    #[error("Return request not found")]
    ReturnNotFound,
    /// No customer account with that id (or a staff account).
    #[error("Customer not found")]
    CustomerNotFound,
    /// Not enough stock of one item: nothing was changed.
    #[error("{}", out_of_stock_message(.product, .size, *.available))]
    OutOfStock { product: String, size: String, available: i32 },
    /// The thing is not in a state that allows this change (409); the message says why.
    #[error("{0}")]
    State(String),
    #[error("Only pending orders can be cancelled")]
    CannotCancel,
    /// The order has a return request still on its way (not rejected, refunded or shipped):
    /// its pieces are the return's to put back into stock, so the order's status waits (409).
    #[error("This order has an open return request: finish or reject it before changing the order's status")]
    HasOpenReturns,
    /// The order's status is not the one the admin decided on (someone changed it since):
    /// nothing was changed (409).
    #[error("This order was changed meanwhile and is now {now}: look at it again before changing it")]
    StatusChanged { now: crate::DeliveryStatus },
    /// The cart's total is not the one the shopper was shown (a price changed): nothing was
    /// ordered (409).
    #[error("The prices in your cart have changed: the total is now {}. Please check your cart and place the order again.", .total.format_inr())]
    PricesChanged { total: kernel::Money },
    /// Someone else kept changing the order while this change was tried.
    #[error("The order was changed at the same time. Please try again.")]
    Busy,
    #[error("A cancelled order gets no confirmation e-mail")]
    CancelledOrder,
    /// The order's confirmation was re-sent `limit` times within the hour.
    #[error("This order's confirmation was already sent {limit} times in the last hour. Please try again later.")]
    OrderResendLimit { limit: usize, retry_after_secs: u64 },
    /// The account's confirmations were re-sent `limit` times within the hour.
    #[error("{limit} confirmation e-mails were sent for your orders in the last hour. Please try again later.")]
    AccountResendLimit { limit: usize, retry_after_secs: u64 },
    /// The account placed `limit` orders within the last minute (counted in the database,
    /// so every instance of the shop counts the same orders).
    #[error("You placed {limit} orders in the last minute. Please wait a moment before placing another.")]
    TooManyOrders { limit: u32, retry_after_secs: u64 },
    /// A tax invoice cannot be issued until the owner sets something up (an HSN code, a
    /// rate, the company's state): nothing changed.
    #[error("{0}")]
    GstSetup(String),
    /// The order has no tax document of that kind (yet).
    #[error("{0}")]
    NoDocument(&'static str),
    /// The document could not be printed.
    #[error("The document could not be printed")]
    Printing(String),
    /// The e-mail could not be handed over.
    #[error("Confirmation email could not be sent")]
    Mail(String),
    #[error(transparent)]
    Storage(#[from] StoreError),
}

fn out_of_stock_message(product: &str, size: &str, available: i32) -> String {
    if available <= 0 {
        format!("{product} (size {size}) is out of stock")
    } else {
        format!("Only {available} left of {product} (size {size})")
    }
}

impl OrdersError {
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Self {
        OrdersError::Invalid { field, message: message.into() }
    }

    pub fn rule(field: &'static str, code: &'static str, message: impl Into<String>) -> Self {
        OrdersError::Rule { field, code, message: message.into() }
    }
}
