using Microsoft.AspNetCore.Http;
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
        if (request.Headers.Accept.Count == 0 ||
            !MediaTypeHeaderValue.TryParseList(request.Headers.Accept, out var accepted))
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
}
