using System.Net;
using System.Net.Http.Headers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Sorcha.Client;

/// <summary>
/// What every area client shares: the caller's HttpClient, the token for this caller (set per request, so one pooled
/// HttpClient can serve many callers), source-generated JSON, and non-success answers turned into
/// <see cref="SorchaApiException"/>.
/// </summary>
internal sealed class ApiTransport(HttpClient http, TokenSource? tokens)
{
    public HttpClient Http => http;

    public TokenSource? Tokens => tokens;

    public async Task<T> GetAsync<T>(string path, JsonTypeInfo<T> answer, CancellationToken cancellationToken)
    {
        using var response = await SendAsync(HttpMethod.Get, path, null, cancellationToken).ConfigureAwait(false);
        return await ReadAsync(response, answer, cancellationToken).ConfigureAwait(false);
    }

    public async Task<T> SendAsync<TBody, T>(
        HttpMethod method, string path, TBody body, JsonTypeInfo<TBody> bodyInfo, JsonTypeInfo<T> answer, CancellationToken cancellationToken)
    {
        using var response = await SendAsync(method, path, Json(body, bodyInfo), cancellationToken).ConfigureAwait(false);
        return await ReadAsync(response, answer, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The answer and whether it was 201 (as opposed to another 2xx, e.g. an idempotent 200).</summary>
    public async Task<(T Answer, bool Created)> SendForCreatedAsync<TBody, T>(
        HttpMethod method, string path, TBody body, JsonTypeInfo<TBody> bodyInfo, JsonTypeInfo<T> answer, CancellationToken cancellationToken)
    {
        using var response = await SendAsync(method, path, Json(body, bodyInfo), cancellationToken).ConfigureAwait(false);
        return (await ReadAsync(response, answer, cancellationToken).ConfigureAwait(false), response.StatusCode == HttpStatusCode.Created);
    }

    public async Task<T> PostAsync<T>(string path, JsonTypeInfo<T> answer, CancellationToken cancellationToken)
    {
        using var response = await SendAsync(HttpMethod.Post, path, null, cancellationToken).ConfigureAwait(false);
        return await ReadAsync(response, answer, cancellationToken).ConfigureAwait(false);
    }

    public async Task DeleteAsync(string path, CancellationToken cancellationToken)
    {
        using var response = await SendAsync(HttpMethod.Delete, path, null, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Sends with headers-read completion; a non-success status is thrown (and the response disposed).</summary>
    public async Task<HttpResponseMessage> SendAsync(HttpMethod method, string path, HttpContent? content, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(method, new Uri(path, UriKind.Relative)) { Content = content };
        if (tokens is not null)
        {
            request.Headers.Authorization = await tokens.GetHeaderAsync(cancellationToken).ConfigureAwait(false);
        }

        var response = await http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        if (response.IsSuccessStatusCode)
        {
            return response;
        }

        using (response)
        {
            throw await SorchaApiException.FromResponseAsync(response, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Serialized up front (not streamed) so the request has a Content-Length and no chunking.</summary>
    public static ByteArrayContent Json<T>(T body, JsonTypeInfo<T> info)
    {
        var content = new ByteArrayContent(JsonSerializer.SerializeToUtf8Bytes(body, info));
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json") { CharSet = "utf-8" };
        return content;
    }

    public static async Task<T> ReadAsync<T>(HttpResponseMessage response, JsonTypeInfo<T> answer, CancellationToken cancellationToken)
    {
        var stream = await response.Content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        await using (stream.ConfigureAwait(false))
        {
            try
            {
                return await JsonSerializer.DeserializeAsync(stream, answer, cancellationToken).ConfigureAwait(false)
                       ?? throw new JsonException("The body is null.");
            }
            catch (JsonException e)
            {
                throw SorchaApiException.Unreadable(response.StatusCode, typeof(T).Name, e);
            }
        }
    }

    public static string Paging(string path, int? page, int? pageSize) => (page, pageSize) switch
    {
        (null, null) => path,
        ({ } p, null) => $"{path}?page={p}",
        (null, { } s) => $"{path}?pageSize={s}",
        ({ } p, { } s) => $"{path}?page={p}&pageSize={s}",
    };

    public static string Escape(string segment) => Uri.EscapeDataString(segment);
}
