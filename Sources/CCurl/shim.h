#ifndef TASKTILE_CCURL_SHIM_H
#define TASKTILE_CCURL_SHIM_H
#include <curl/curl.h>

/// `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift cannot call: one
/// fixed-argument wrapper per argument type (https://curl.se/libcurl/c/curl_easy_setopt.html).
static inline CURLcode tasktile_curl_setopt_long(CURL *h, CURLoption option, long value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode tasktile_curl_setopt_off(CURL *h, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode tasktile_curl_setopt_pointer(CURL *h, CURLoption option, const void *value) {
    return curl_easy_setopt(h, option, value);
}
typedef size_t (*tasktile_curl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode tasktile_curl_setopt_callback(CURL *h, CURLoption option, tasktile_curl_data_callback value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode tasktile_curl_getinfo_long(CURL *h, CURLINFO info, long *value) {
    return curl_easy_getinfo(h, info, value);
}
#endif
