#define T 16
