using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;
using Sorcha.Contracts.LinkedData;

namespace Sorcha.ApiPlatform.LinkedData;

/// <summary>
/// Whether a request asks for JSON-LD: its Accept header names <c>application/ld+json</c> with a quality above zero and
/// at least that of <c>application/json</c> (RFC 9110 §12.5.1). Anything else, no Accept header or <c>*/*</c>
/// included, is answered with plain JSON, the default: a client opts in.
/// </summary>
public static class LinkedDataNegotiation
{
    public static bool Wants(HttpRequest request)
    {
        // Most requests name no JSON-LD at all: they are answered without parsing the header.
        var accept = request.Headers.Accept;
        if (!Names(accept, LinkedDataContext.MediaType) || !MediaTypeHeaderValue.TryParseList(accept, out var accepted))
        {
            return false;
        }

        double linked = 0, plain = 0;
        foreach (var range in accepted)
        {
            var quality = range.Quality ?? 1;
            if (range.MediaType.Equals(LinkedDataContext.MediaType, StringComparison.OrdinalIgnoreCase))
            {
                linked = Math.Max(linked, quality);
            }
            else if (range.MediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase))
            {
                plain = Math.Max(plain, quality);
            }
        }

        return linked > 0 && linked >= plain;
    }

    /// <summary>Whether any value of <paramref name="header"/> contains <paramref name="mediaType"/> (a loop: no allocation).</summary>
    public static bool Names(StringValues header, string mediaType)
    {
        foreach (var value in header)
        {
            if (value is not null && value.Contains(mediaType, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }
}
